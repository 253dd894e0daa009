/** The mall's few line icons, inline (no icon library in the mall's chunk). Decorative: aria-hidden. */
const PATHS = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5',
  search: 'M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13Zm4.8 11.3L20 20',
  cart: 'M3 4h2.2l2.3 11h10.7L20.5 7H6.3M9.5 19.5h.01M17 19.5h.01',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8.5c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5',
  ticket: 'M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4V7Zm10 0v10',
  sun: 'M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0-5v2m0 14v2M3 12h2m14 0h2M5.6 5.6 7 7m10 10 1.4 1.4M5.6 18.4 7 17M17 7l1.4-1.4',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5Z',
  auto: 'M12 3a9 9 0 1 0 0 18V3Z M12 3a9 9 0 0 1 0 18',
  globe: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z',
  back: 'M15 5l-7 7 7 7',
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z',
  store: 'M4 9.5 5.5 4h13L20 9.5M4 9.5c0 1.4 1.1 2.5 2.7 2.5S9.3 10.9 9.3 9.5c0 1.4 1.2 2.5 2.7 2.5s2.7-1.1 2.7-2.5c0 1.4 1.1 2.5 2.6 2.5S20 10.9 20 9.5M5.5 12v8h13v-8',
  filter: 'M4 6h16M7 12h10M10 18h4',
  close: 'M6 6l12 12M18 6 6 18',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
  trash: 'M5 7h14M10 7V4.5h4V7M7 7l1 13h8l1-13',
  truck: 'M3 6h11v10H3V6Zm11 4h4l3 3v3h-7v-6ZM7 19.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm10 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z',
  box: 'M4 7.5 12 3l8 4.5v9L12 21l-8-4.5v-9Zm0 0L12 12l8-4.5M12 12v9',
  wallet: 'M4 7h15v12H4V7Zm0 0 11-3v3m1 7h.01',
  image: 'M4 5h16v14H4V5Zm0 11 5-5 4 4 2-2 5 5M15.5 9.5h.01',
  chat: 'M4 5h16v11H10l-4.5 4v-4H4V5Zm4 5h.01M12 10h.01M16 10h.01',
  send: 'M4 12 20 4l-5 16-3.5-6.5L4 12Zm7.5 1.5L20 4',
  pin: 'M12 21s-6.5-5.8-6.5-11a6.5 6.5 0 0 1 13 0c0 5.2-6.5 11-6.5 11Zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  // The 8 categories of SPEC §3.
  appliance: 'M5 3h14v18H5V3Zm0 5h14M8 5.5h.01M11 5.5h.01M12 11a4 4 0 1 1 0 8 4 4 0 0 1 0-8Z',
  clothing: 'M8 3 3 6l2 4 2-1v12h10V9l2 1 2-4-5-3c-.5 1.5-2 2.5-4 2.5S8.5 4.5 8 3Z',
  computer: 'M4 5h16v10H4V5Zm-2 14h20M10 15l-.5 4m5-4 .5 4',
  phone: 'M7 2.5h10v19H7v-19Zm4 16h2',
  beauty: 'M9 10h6v11H9V10Zm1 0V6l4-3v7M8 14h8',
  books: 'M4 4.5C6 3.5 9 3.5 12 5.5c3-2 6-2 8-1v15c-2-1-5-1-8 1-3-2-6-2-8-1v-15Zm8 1v15',
  food: 'M12 7c-1-2.5-3-3.5-5-3 0 2 1.5 3.5 5 3Zm0 0c-3.5-1.5-7 0-7 5 0 4.5 3 8.5 5 8.5 1 0 1.5-.5 2-.5s1 .5 2 .5c2 0 5-4 5-8.5 0-5-3.5-6.5-7-5Z',
  sports: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4.5 4 3-1.5 4.5h-5L8 10.5l4-3Zm0-4.5v4.5m4 3 4.5-1.5M14.5 15l2.5 4M9.5 15 7 19m1-8.5L3.5 9',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 22, filled = false }: { name: IconName; size?: number; filled?: boolean }) {
  return (
    <svg className="mall-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={PATHS[name]} />
    </svg>
  );
}
