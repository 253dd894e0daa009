import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { LANGUAGE_CODES } from '@shopdesk/shared/languages';
import { chooseDesktopLanguage, pageOpener } from './support/page.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();

/** The login button's text in each language, from the catalogs themselves. */
function submitText(language: string): string {
  const file = path.resolve(import.meta.dirname, `../src/i18n/locales/${language}/auth.json`);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { submit: string }).submit;
}

describe('every interface language shows its own text (Filipino included)', () => {
  it('each of the nine, chosen in the desktop language menu, applies at once and is kept', async () => {
    const page = await open('desktop');
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-submit').waitFor();
    for (const language of LANGUAGE_CODES) {
      await chooseDesktopLanguage(page, language);
      // antd puts a space between two CJK characters of a button (登 录): compare without spaces.
      await expect.poll(async () => (await page.getByTestId('login-submit').textContent())?.replace(/\s+/g, '')).toBe(submitText(language).replace(/\s+/g, ''));
      await expect.poll(() => page.evaluate(() => [document.documentElement.lang, localStorage.getItem('language')])).toEqual([language, language]);
    }
  });

  it('each of the nine, stored under the language key, shows on the phone login page', async () => {
    const page = await open('phone');
    await page.goto(`${baseUrl}/m/login`);
    for (const language of LANGUAGE_CODES) {
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      await page.reload();
      await expect.poll(() => page.getByTestId('m-login-submit').textContent()).toBe(submitText(language));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    }
  });

  it('detects Filipino from a browser that says fil-PH', async () => {
    const page = await open('phone');
    await page.addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['fil-PH', 'en-US'] }));
    await page.goto(`${baseUrl}/m/login`);
    await expect.poll(() => page.getByTestId('m-login-submit').textContent()).toBe(submitText('tl-PH'));
  });
});
