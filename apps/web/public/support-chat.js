// The default customer-service page (CUSTOMER_SERVICE_URL unset): in the seller's language (the
// app's stored language, else the browser's, else English), with the details the app passes
// (shopId, shopName, userId). A marketplace operator replaces it with its live chat.
const SUPPORT_CHAT_TEXTS = {
  'en-US': {
    title: 'Customer service',
    intro: "Live chat is not connected yet. Your marketplace's customer service will answer here once it is set up.",
    until: "Until then, contact the marketplace's support team and give them these details so they can find your shop at once:",
    shop: 'Shop', shopId: 'Shop ID', userId: 'User ID',
  },
  'zh-CN': {
    title: '在线客服',
    intro: '在线客服尚未接入。平台开通后，客服将在此页面为您解答。',
    until: '在此之前，请联系平台客服团队，并提供以下信息，以便快速找到您的店铺：',
    shop: '店铺', shopId: '店铺 ID', userId: '用户 ID',
  },
  'vi-VN': {
    title: 'Chăm sóc khách hàng',
    intro: 'Trò chuyện trực tuyến chưa được kết nối. Bộ phận chăm sóc khách hàng của sàn sẽ trả lời tại đây khi được thiết lập.',
    until: 'Trong lúc chờ, hãy liên hệ đội hỗ trợ của sàn và cung cấp các thông tin sau để họ tìm thấy cửa hàng của bạn ngay:',
    shop: 'Cửa hàng', shopId: 'Mã cửa hàng', userId: 'Mã người dùng',
  },
  'th-TH': {
    title: 'ฝ่ายบริการลูกค้า',
    intro: 'ยังไม่ได้เชื่อมต่อแชทสด ฝ่ายบริการลูกค้าของมาร์เก็ตเพลสจะตอบคุณที่นี่เมื่อตั้งค่าเรียบร้อยแล้ว',
    until: 'ระหว่างนี้ โปรดติดต่อทีมสนับสนุนของมาร์เก็ตเพลสและแจ้งข้อมูลต่อไปนี้ เพื่อให้ค้นหาร้านค้าของคุณได้ทันที:',
    shop: 'ร้านค้า', shopId: 'รหัสร้านค้า', userId: 'รหัสผู้ใช้',
  },
  'tl-PH': {
    title: 'Customer service',
    intro: 'Hindi pa nakakonekta ang live chat. Dito sasagot ang customer service ng marketplace kapag naayos na ito.',
    until: 'Habang hinihintay, kontakin ang support team ng marketplace at ibigay ang mga detalyeng ito para agad nilang mahanap ang iyong shop:',
    shop: 'Shop', shopId: 'ID ng shop', userId: 'ID ng user',
  },
  'ms-MY': {
    title: 'Khidmat pelanggan',
    intro: 'Sembang langsung belum disambungkan. Khidmat pelanggan pasaran akan menjawab di sini setelah ia disediakan.',
    until: 'Sementara itu, hubungi pasukan sokongan pasaran dan berikan butiran ini supaya mereka dapat mencari kedai anda dengan segera:',
    shop: 'Kedai', shopId: 'ID kedai', userId: 'ID pengguna',
  },
  'id-ID': {
    title: 'Layanan pelanggan',
    intro: 'Obrolan langsung belum terhubung. Layanan pelanggan marketplace akan menjawab di sini setelah disiapkan.',
    until: 'Sementara itu, hubungi tim dukungan marketplace dan berikan detail berikut agar mereka dapat segera menemukan toko Anda:',
    shop: 'Toko', shopId: 'ID toko', userId: 'ID pengguna',
  },
  'ja-JP': {
    title: 'カスタマーサービス',
    intro: 'ライブチャットはまだ接続されていません。設定されると、マーケットプレイスのカスタマーサービスがここで対応します。',
    until: 'それまでは、マーケットプレイスのサポートチームに連絡し、ショップをすぐに特定できるよう次の情報をお伝えください：',
    shop: 'ショップ', shopId: 'ショップID', userId: 'ユーザーID',
  },
  'ko-KR': {
    title: '고객 센터',
    intro: '실시간 채팅이 아직 연결되지 않았습니다. 설정이 완료되면 마켓플레이스 고객 센터가 여기에서 답변합니다.',
    until: '그동안에는 마켓플레이스 지원팀에 연락하여 스토어를 바로 찾을 수 있도록 다음 정보를 알려 주세요:',
    shop: '스토어', shopId: '스토어 ID', userId: '사용자 ID',
  },
};

function supportChatLanguage() {
  const wanted = [];
  try {
    wanted.push(window.localStorage.getItem('language'));
  } catch {
    // storage blocked: the browser's languages decide
  }
  wanted.push(...(navigator.languages || [navigator.language]));
  for (const tag of wanted) {
    if (!tag) continue;
    if (SUPPORT_CHAT_TEXTS[tag]) return tag;
    const prefix = tag.toLowerCase().split('-')[0] === 'fil' ? 'tl' : tag.toLowerCase().split('-')[0];
    const match = Object.keys(SUPPORT_CHAT_TEXTS).find((code) => code.toLowerCase().startsWith(`${prefix}-`));
    if (match) return match;
  }
  return 'en-US';
}

const supportChatLang = supportChatLanguage();
const supportChatText = SUPPORT_CHAT_TEXTS[supportChatLang];
document.documentElement.lang = supportChatLang;
document.title = `${supportChatText.title} · ShopDesk`;
for (const element of document.querySelectorAll('[data-text]')) element.textContent = supportChatText[element.dataset.text];

const params = new URLSearchParams(window.location.search);
for (const key of ['shopName', 'shopId', 'userId']) {
  const value = params.get(key);
  if (value) document.getElementById(key).textContent = value;
}
