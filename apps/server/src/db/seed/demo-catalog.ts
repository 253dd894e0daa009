/** Word lists for the demo warehouse: 30 products in each of 8 categories. */
export const CATEGORY_PRODUCTS: Record<string, { nouns: string[]; priceRange: [number, number] }> = {
  appliance: { nouns: ['Air Fryer', 'Blender', 'Rice Cooker', 'Electric Kettle', 'Coffee Maker', 'Vacuum Cleaner', 'Desk Fan', 'Air Purifier', 'Toaster', 'Steam Iron'], priceRange: [1500, 18000] },
  clothing: { nouns: ['Cotton T-Shirt', 'Denim Jacket', 'Linen Shirt', 'Hoodie', 'Chino Pants', 'Summer Dress', 'Wool Sweater', 'Running Shorts', 'Rain Coat', 'Polo Shirt'], priceRange: [600, 6000] },
  computer: { nouns: ['Wireless Mouse', 'Mechanical Keyboard', 'USB-C Hub', '27" Monitor', 'Laptop Stand', 'Webcam', 'External SSD', 'Gaming Headset', 'Mouse Pad', 'Docking Station'], priceRange: [800, 30000] },
  phone: { nouns: ['Phone Case', 'Fast Charger', 'Power Bank', 'Wireless Earbuds', 'Screen Protector', 'Car Mount', 'Charging Cable', 'Smart Watch', 'Selfie Stick', 'Phone Tripod'], priceRange: [300, 15000] },
  beauty: { nouns: ['Face Serum', 'Lip Balm', 'Hair Dryer', 'Sunscreen', 'Face Mask Set', 'Perfume', 'Makeup Brush Set', 'Hand Cream', 'Nail Polish', 'Shampoo'], priceRange: [400, 9000] },
  books: { nouns: ['Cookbook', 'Travel Guide', 'Mystery Novel', 'Notebook Set', 'Art Book', 'Kids Storybook', 'Language Course', 'Planner 2027', 'Poetry Collection', 'Science Atlas'], priceRange: [500, 4000] },
  food: { nouns: ['Green Tea', 'Coffee Beans', 'Dark Chocolate', 'Mixed Nuts', 'Honey Jar', 'Olive Oil', 'Dried Mango', 'Instant Noodles Box', 'Granola', 'Spice Set'], priceRange: [300, 3500] },
  sports: { nouns: ['Yoga Mat', 'Dumbbell Pair', 'Jump Rope', 'Football', 'Tennis Racket', 'Water Bottle', 'Resistance Bands', 'Cycling Gloves', 'Badminton Set', 'Fitness Tracker'], priceRange: [500, 12000] },
};

export const ADJECTIVES = ['Classic', 'Premium', 'Compact', 'Pro', 'Eco'];

/**
 * Where the demo buyers live: each buyer's receiver name, phone and address belong to one country
 * (the phone's calling code, a mobile number of that country's shape, streets of its cities).
 */
export const COUNTRIES = {
  VN: { callingCode: '+84', mobile: (n: string) => `9${n.slice(0, 1)} ${n.slice(1, 4)} ${n.slice(4, 8)}`, streets: ['12 Le Loi St, District 1, Ho Chi Minh City', '34 Tran Hung Dao St, Hoan Kiem, Hanoi', '7 Bach Dang St, Hai Chau, Da Nang'] },
  TH: { callingCode: '+66', mobile: (n: string) => `8${n.slice(0, 1)} ${n.slice(1, 4)} ${n.slice(4, 8)}`, streets: ['88 Sukhumvit Rd, Khlong Toei, Bangkok', '15 Nimmanhaemin Rd, Chiang Mai', '42 Thepprasit Rd, Pattaya'] },
  PH: { callingCode: '+63', mobile: (n: string) => `9${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5, 9)}`, streets: ['5 Ayala Ave, Makati, Metro Manila', '18 Osmeña Blvd, Cebu City', '30 Roxas Ave, Davao City'] },
  MY: { callingCode: '+60', mobile: (n: string) => `1${n.slice(0, 1)}-${n.slice(1, 4)} ${n.slice(4, 8)}`, streets: ['21 Jalan Bukit Bintang, Kuala Lumpur', '9 Lebuh Chulia, George Town, Penang', '3 Jalan Wong Ah Fook, Johor Bahru'] },
  ID: { callingCode: '+62', mobile: (n: string) => `81${n.slice(0, 1)}-${n.slice(1, 5)}-${n.slice(5, 9)}`, streets: ['9 Jl. Jend. Sudirman, Jakarta', '25 Jl. Malioboro, Yogyakarta', '11 Jl. Raya Kuta, Bali'] },
  JP: { callingCode: '+81', mobile: (n: string) => `90-${n.slice(0, 4)}-${n.slice(4, 8)}`, streets: ['3-2-1 Shibuya, Shibuya-ku, Tokyo', '1-5 Namba, Chuo-ku, Osaka', '2-8 Gion, Higashiyama-ku, Kyoto'] },
  KR: { callingCode: '+82', mobile: (n: string) => `10-${n.slice(0, 4)}-${n.slice(4, 8)}`, streets: ['45 Gangnam-daero, Gangnam-gu, Seoul', '12 Haeundae-ro, Haeundae-gu, Busan', '8 Dongseong-ro, Jung-gu, Daegu'] },
  CN: { callingCode: '+86', mobile: (n: string) => `13${n.slice(0, 1)} ${n.slice(1, 5)} ${n.slice(5, 9)}`, streets: ['100 Nanjing Rd, Huangpu, Shanghai', '20 Tianhe Rd, Tianhe, Guangzhou', '6 Wangfujing St, Dongcheng, Beijing'] },
  US: { callingCode: '+1', mobile: (n: string) => `415-${n.slice(0, 3)}-${n.slice(3, 7)}`, streets: ['77 Market St, San Francisco, CA', '210 W 44th St, New York, NY', '1500 Pike Pl, Seattle, WA'] },
} as const;
export type DemoCountry = keyof typeof COUNTRIES;

/** The demo buyers (buyer1 … buyer30, in this order), each with the country they receive parcels in. */
export const BUYERS: readonly { name: string; country: DemoCountry }[] = [
  { name: 'Nguyen Van An', country: 'VN' }, { name: 'Tran Thi Binh', country: 'VN' }, { name: 'Somchai Prasert', country: 'TH' },
  { name: 'Maria Santos', country: 'PH' }, { name: 'Juan dela Cruz', country: 'PH' }, { name: 'Siti Aminah', country: 'MY' },
  { name: 'Ahmad Faiz', country: 'MY' }, { name: 'Budi Santoso', country: 'ID' }, { name: 'Dewi Lestari', country: 'ID' },
  { name: 'Tanaka Yui', country: 'JP' }, { name: 'Sato Haruto', country: 'JP' }, { name: 'Kim Minji', country: 'KR' },
  { name: 'Lee Jihoon', country: 'KR' }, { name: 'Wang Fang', country: 'CN' }, { name: 'Li Wei', country: 'CN' },
  { name: 'Emily Clark', country: 'US' }, { name: 'James Miller', country: 'US' }, { name: 'Pham Minh Chau', country: 'VN' },
  { name: 'Aree Wongsa', country: 'TH' }, { name: 'Nur Izzati', country: 'MY' }, { name: 'Rizky Pratama', country: 'ID' },
  { name: 'Ana Reyes', country: 'PH' }, { name: 'Kobayashi Ren', country: 'JP' }, { name: 'Park Soyeon', country: 'KR' },
  { name: 'Chen Jie', country: 'CN' }, { name: 'Olivia Brown', country: 'US' }, { name: 'Hoang Lan', country: 'VN' },
  { name: 'Kanya Suksawat', country: 'TH' }, { name: 'Farah Nadia', country: 'MY' }, { name: 'Putri Ayu', country: 'ID' },
];
export const BUYER_NAMES = BUYERS.map((b) => b.name);

/** A buyer's own mobile number, always the same for the same buyer: calling code and a local number of their country. */
export function buyerPhone(index: number): string {
  const country = COUNTRIES[BUYERS[index].country];
  const digits = String(100_000_000 + ((index + 1) * 7_919_351) % 900_000_000).slice(0, 9);
  return `${country.callingCode} ${country.mobile(digits)}`;
}

/** What a buyer writes with a refund request, by its reason (the note says the same as the reason). */
export const REFUND_NOTES = {
  dislike: ['Changed my mind, still sealed.', 'Not what I wanted after all, never used.'],
  logistics: ['Arrived too late for the event.', 'The box was damaged in transit.', 'The parcel took three weeks to arrive.'],
  quality: ['The item did not match the photos.', 'Stopped working after two days.', 'The stitching came apart on first use.'],
  other: ['Wrong colour was delivered.', 'Ordered the wrong size by mistake.'],
} as const;

/** Merchant replies that fit the review's rating: thanks for 4–5 stars, a plain thanks for 3, an apology for 1–2. */
export const REPLIES = {
  positive: ['Thank you for your kind review! We hope to see you again.', 'So glad you like it. Thanks for shopping with us!'],
  neutral: ['Thanks for the feedback, we are improving our packaging.', 'Thank you for your honest review; we will keep improving.'],
  negative: ['Sorry to hear that. Please contact us and we will make it right.', 'We apologise for the trouble. Message us and we will replace or refund it.'],
} as const;
export const replyTone = (rating: number): keyof typeof REPLIES => (rating >= 4 ? 'positive' : rating === 3 ? 'neutral' : 'negative');
