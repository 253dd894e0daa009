/**
 * The browser and the system of a User-Agent header, for the list of signed-in devices: names a
 * person recognises ("Chrome", "Windows"), not versions. Order matters: Edge and Opera also say
 * Chrome, Chrome also says Safari, Android also says Linux, iPadOS may say Macintosh.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const first = (table: [RegExp, string][], ua: string) => table.find(([pattern]) => pattern.test(ua))?.[1] ?? '';

export function describeDevice(userAgent: string): { browser: string; system: string } {
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) };
}
