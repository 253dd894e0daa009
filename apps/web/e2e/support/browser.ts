import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export type Device = 'desktop' | 'phone';

const DEVICES = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT },
} as const;

/**
 * One Chromium per test process, shared: starting a browser costs about 4 CPU seconds (measured:
 * 17 launches were a third of the CPU of the desktop and phone test files), a new context a
 * fraction of that. It closes a few seconds after its last context, so a script or test process
 * is not held open by it; the next `launch` starts it again.
 */
let shared: Promise<Browser> | null = null;
let openContexts = 0;
let idleTimer: NodeJS.Timeout | null = null;
const IDLE_CLOSE_MS = 3_000;

function sharedBrowser(): Promise<Browser> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  shared ??= chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  return shared;
}

function contextClosed(): void {
  openContexts -= 1;
  if (openContexts > 0 || !shared) return;
  const closing = shared;
  idleTimer = setTimeout(() => {
    if (shared !== closing || openContexts > 0) return;
    shared = null;
    void closing.then((browser) => browser.close()).catch(() => undefined);
  }, IDLE_CLOSE_MS);
}

/**
 * A fresh browser context (its own cookies, storage, cache and service workers: nothing shared with
 * the test before) at the desktop (1440×900) or phone (390×844) size. It asks for reduced motion,
 * as a reader may: the app then plays no animation (kit-locales.e2e.ts checks both settings), so a
 * test neither spends the CPU on zooms and shimmers nor clicks a dialog's button while it still moves.
 * The phone paints one device pixel per CSS pixel unless `scale` says otherwise (screenshots ask for
 * a phone's 2): the layout is the same, and a test does not pay for four times the pixels.
 */
export async function launch(device: Device, options: { reducedMotion?: 'reduce' | 'no-preference'; scale?: number } = {}): Promise<BrowserContext> {
  const browser = await sharedBrowser();
  const context = await browser.newContext({
    locale: 'en-US',
    reducedMotion: options.reducedMotion ?? 'reduce',
    deviceScaleFactor: options.scale ?? 1,
    ...DEVICES[device],
  });
  openContexts += 1;
  context.on('close', contextClosed);
  await watchCsp(context);
  return context;
}

/**
 * Every page runs under the server's Content-Security-Policy: a violation on any page
 * (a `securitypolicyviolation` event or Chromium's "Refused to …" console error) is recorded, and
 * closing the context then throws, so the test that opened it fails whatever else it checked.
 */
async function watchCsp(context: BrowserContext): Promise<void> {
  const violations: string[] = [];
  await context.exposeBinding('__shopdeskCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __shopdeskCspViolation?: (text: string) => void }).__shopdeskCspViolation;
      report?.(`${event.effectiveDirective} refused ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber}) on ${location.pathname}`);
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const close = context.close.bind(context);
  context.close = async (options) => {
    await close(options);
    if (violations.length === 0) return;
    const found = [...new Set(violations)];
    violations.length = 0;
    throw new Error(`Content-Security-Policy violations:\n${found.join('\n')}`);
  };
}
