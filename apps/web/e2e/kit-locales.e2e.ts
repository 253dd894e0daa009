import { describe, expect, inject, it } from 'vitest';
import { DEMO, expectPath, loginDesktop } from './support/app.ts';
import { pageOpener } from './support/page.ts';
import { launch } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();

describe("the table's own controls in Filipino", () => {
  it('pagination and the date range filter speak Filipino, not English', async () => {
    const page = await open('desktop');
    await page.addInitScript(() => localStorage.setItem('language', 'tl-PH'));
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/transactions`);
    const pagination = page.locator('.ant-pagination').first();
    await pagination.waitFor();
    const text = (await pagination.textContent()) ?? '';
    expect(text).toContain('/ pahina');
    expect(text).not.toContain('/ page');
    const placeholders = await page.locator('.ant-picker-range input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).placeholder));
    expect(placeholders).toEqual(['Petsa ng simula', 'Petsa ng pagtatapos']);
  });
});

describe("the system's reduce-motion setting", () => {
  it('turns the kit\'s motion off and ends CSS animations at once when asked, and leaves them on otherwise', async () => {
    const motionOf = async (reducedMotion: 'reduce' | 'no-preference') => {
      const context = await launch('desktop', { reducedMotion });
      try {
        const page = await context.newPage();
        await page.goto(`${baseUrl}/login`);
        const button = page.locator('button.ant-btn-primary').first();
        await button.waitFor();
        return await button.evaluate((element) => {
          const style = getComputedStyle(element);
          // An endless animation of the page's own (as a spinner has) under the app's style sheets.
          const spinner = document.createElement('div');
          spinner.style.animation = 'spin 1s linear infinite';
          document.body.append(spinner);
          const spin = getComputedStyle(spinner);
          const animation = { seconds: parseFloat(spin.animationDuration), count: spin.animationIterationCount };
          spinner.remove();
          return { kit: style.getPropertyValue('--ant-motion-duration-mid').trim(), transition: parseFloat(style.transitionDuration), animation };
        });
      } finally {
        await context.close();
      }
    };
    const reduced = await motionOf('reduce');
    expect(reduced.kit).toBe('0s');
    expect(reduced.transition).toBeLessThan(0.001);
    expect(reduced.animation).toEqual({ seconds: expect.any(Number), count: '1' });
    expect(reduced.animation.seconds).toBeLessThan(0.001);
    const moving = await motionOf('no-preference');
    expect(moving.kit).not.toBe('0s');
    expect(moving.transition).toBeGreaterThan(0.05);
    expect(moving.animation).toEqual({ seconds: 1, count: 'infinite' });
  });
});
