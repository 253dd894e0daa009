/**
 * What bench/web's scripts share: Debian's Chromium under Lighthouse, the demo seller's session put
 * into the browser for a signed-in page, and one Lighthouse run of a page with a preset.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';

export type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', '--ignore-certificate-errors'];

/** The pages bench/web measures, and whether each is opened signed in as the demo seller. */
export interface Target {
  path: string;
  signedIn: boolean;
  baseline?: boolean;
}
export const TARGETS: Target[] = [
  { path: '/support-chat.html', signedIn: false, baseline: true },
  { path: '/m/login', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/m/shop', signedIn: true },
  { path: '/dashboard', signedIn: true },
  // The buyers' mall home, anonymous.
  { path: '/mall', signedIn: false },
];

export type PresetName = 'mobile' | 'desktop';
export const PRESETS: { name: PresetName; config: Config | undefined }[] = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

export interface Measured {
  lhr: LighthouseResult;
  /** The error of a first run Lighthouse could not measure (now and then NO_NAVSTART on a page that redirects on the client), run once more. */
  firstError?: string;
}

export interface Lighthouse {
  /**
   * Runs Lighthouse on `url` (signed in as `session` when given; the cache and the worker cleared
   * first), once more when it could not measure. `keepArtifacts` saves what it gathered (the trace
   * and the network log) in that folder (bench/web/lantern.ts reads them).
   */
  run(url: string, preset: PresetName, session?: Session, keepArtifacts?: string): Promise<Measured>;
  close(): Promise<void>;
}

export interface Session {
  token: string;
  shopId: number;
}

export async function openLighthouse(): Promise<Lighthouse> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, logLevel: 'silent' });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  return {
    async run(url, presetName, session, keepArtifacts) {
      const preset = PRESETS.find((p) => p.name === presetName)!;
      const once = async () => {
        if (session) await signIn(browser, new URL(url).origin, session);
        // Signed in: Lighthouse must keep localStorage (the session), so the cache and the service worker are cleared here instead.
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: Boolean(session), ...(keepArtifacts ? { gatherMode: keepArtifacts, auditMode: keepArtifacts } : {}) }, preset.config);
        if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
        return result.lhr;
      };
      const first = await once();
      const firstError = first.runtimeError?.code;
      // A second failure is returned as it is, for the caller to print.
      return firstError ? { lhr: await once(), firstError } : { lhr: first };
    },
    async close() {
      await browser.disconnect();
      chrome.kill();
    },
  };
}

/** Stores the demo seller's session as the app does with "remember me" (lib/storage.ts) and clears the cache and the worker. */
async function signIn(browser: Browser, baseUrl: string, session: Session) {
  const page = await browser.newPage();
  try {
    await page.goto(`${baseUrl}/api/health`);
    const cdp = await page.createCDPSession();
    await cdp.send('Storage.clearDataForOrigin', { origin: baseUrl, storageTypes: 'cache_storage,service_workers,indexeddb' });
    await cdp.send('Network.clearBrowserCache');
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('shopId', String(s.shopId));
      localStorage.setItem('shopName', 'Sunrise Goods');
      localStorage.setItem('shopLogo', '');
      localStorage.setItem('userId', '1');
      localStorage.setItem('language', 'en-US');
    }, session);
  } finally {
    await page.close();
  }
}
