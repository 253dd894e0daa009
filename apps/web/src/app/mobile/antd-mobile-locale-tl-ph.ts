import enUS from 'antd-mobile/es/locales/en-US';

/**
 * antd-mobile's texts in Filipino: it ships no Tagalog locale, so this one translates what its
 * components show and say to screen readers, on top of the English one.
 */
const tlPH: typeof enUS = {
  ...enUS,
  locale: 'tl',
  common: { confirm: 'Kumpirmahin', cancel: 'Kanselahin', loading: 'Naglo-load', close: 'Isara' },
  Calendar: { ...enUS.Calendar, title: 'Pumili ng petsa', confirm: 'Kumpirmahin', start: 'simula', end: 'katapusan', startAndEnd: 'simula/katapusan', today: 'ngayon', markItems: ['Lun', 'Mar', 'Miy', 'Huw', 'Biy', 'Sab', 'Lin'] },
  Cascader: { placeholder: 'Pumipili' },
  Dialog: { ok: 'OK' },
  DatePicker: { tillNow: 'Hanggang ngayon' },
  ErrorBlock: {
    default: { title: 'Naku, may nangyaring mali', description: 'Maghintay sandali at subukang muli' },
    busy: { title: 'Naku, hindi nag-load', description: 'Subukang i-refresh ang pahina' },
    disconnected: { title: 'Abala ang network', description: 'Subukang i-refresh ang pahina' },
    empty: { title: 'Hmm, walang nahanap...', description: 'Subukan ang ibang paghahanap?' },
  },
  Form: { ...enUS.Form, required: 'Kailangan', optional: 'Opsyonal' },
  ImageUploader: { uploading: 'Nag-a-upload...', upload: 'Mag-upload' },
  InfiniteScroll: { noMore: 'Wala nang iba', failedToLoad: 'Hindi na-load', retry: 'Subukang muli' },
  Input: { clear: 'i-clear' },
  Mask: { name: 'Takip' },
  Modal: { ok: 'OK' },
  NumberKeyboard: { backspace: 'burahin' },
  PasscodeInput: { name: 'Passcode' },
  PullToRefresh: { pulling: 'Hilahin pababa para i-refresh', canRelease: 'Bitawan para i-refresh', complete: 'Na-refresh' },
  SearchBar: { name: 'Search bar' },
  Slider: { name: 'Slider' },
  Stepper: { decrease: 'bawasan', increase: 'dagdagan' },
  Switch: { name: 'Switch' },
  Selector: { name: 'Pagpipilian' },
};

export default tlPH;
