import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

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
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT, deviceScaleFactor: 2 },
} as const;

/** Debian's Chromium with a fresh profile, at the desktop (1440×900) or phone (390×844) size. */
export async function launch(device: Device): Promise<BrowserContext> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    locale: 'en-US',
    ...DEVICES[device],
  });
  await watchCsp(context);
  context.on('close', () => {
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {
      // Chromium may still be writing its profile; the OS temp cleaner gets the rest.
    }
  });
  return context;
}

/**
 * Every page runs under the server's Content-Security-Policy (issue 14): a violation on any page
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
