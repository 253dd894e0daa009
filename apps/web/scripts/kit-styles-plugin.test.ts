import { describe, expect, it } from 'vitest';
import { KIT_SHEET_COMPONENTS, KIT_SHEET_PARTS, renderKitStyles, splitRules } from './kit-styles-plugin.ts';
import { DARK_THEME, LIGHT_THEME } from '../src/app/desktop/kit-theme.ts';

/** Each render is a Node process that loads antd and React DOM's server renderer: ~1–2 s. */
const RENDER_MS = 60_000;

/** The style paths the sheet tells antd's CSS-in-JS it holds (`hash|Component-Part|prefix|icon prefix`). */
function stylePaths(css: string): string[] {
  const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1];
  return map ? map.split(';').map((entry) => entry.slice(0, entry.lastIndexOf(':'))) : [];
}

describe('the kit sheet (antd rules written at build time)', () => {
  const sheet = renderKitStyles({ components: KIT_SHEET_COMPONENTS });

  it('holds the rules of every listed component, under the class hash of a production build', () => {
    const paths = stylePaths(sheet);
    for (const part of ['Button-Button|ant-btn', 'Grid-Grid|ant-col', 'Grid-Grid|ant-row', 'Form-Form|ant-form', 'Input-Component|ant-input', 'Menu-Menu|ant-menu', 'Layout-Layout|ant-layout', 'Tag-preset|ant-tag', 'Message-Message|ant-message']) {
      expect(paths.some((path) => path.includes(`|${part}|`))).toBe(true);
    }
    expect(paths.length).toBeGreaterThanOrEqual(KIT_SHEET_COMPONENTS.length);
    expect(paths.filter((path) => path.startsWith('css-')).every((path) => /^css-[a-z0-9]+\|/.test(path))).toBe(true);
    expect(sheet).toContain(':where(.css-');
    expect(sheet).toContain('.ant-btn-primary');
  });

  it('holds no design tokens: the theme stays CSS variables written at run time', () => {
    expect(sheet).not.toMatch(/--ant-color-primary\s*:/);
    expect(sheet).toContain('var(--ant-color-primary)');
  });

  it("is the same for the light and the dark theme (antd's rules take the theme from variables)", () => {
    const components = ['Button', 'Tag', 'Menu', 'Layout', 'Typography'];
    const plain = renderKitStyles({ components });
    expect(renderKitStyles({ components, theme: LIGHT_THEME })).toBe(plain);
    expect(renderKitStyles({ components, theme: DARK_THEME, dark: true })).toBe(plain);
  }, RENDER_MS);

  it(`is cut into ${KIT_SHEET_PARTS} parts of about the same length, at rule ends, that join into it again`, () => {
    const parts = splitRules(sheet, KIT_SHEET_PARTS);
    expect(parts).toHaveLength(KIT_SHEET_PARTS);
    expect(parts.join('')).toBe(sheet);
    for (const part of parts) {
      expect(part.length).toBeLessThan((2 * sheet.length) / KIT_SHEET_PARTS);
      expect(part.endsWith('}')).toBe(true);
      // Each part is whole rules: its braces balance.
      expect(part.split('{').length).toBe(part.split('}').length);
    }
    expect(stylePaths(parts.join(''))).toEqual(stylePaths(sheet));
  });

  it('refuses a component antd does not have', () => {
    expect(() => renderKitStyles({ components: ['Buton'] })).toThrow(/antd has no component Buton/);
  }, RENDER_MS);
});

describe('splitRules', () => {
  it('cuts only where a top-level rule or block ends, not at braces in strings or comments', () => {
    const rules = ['a{content:"}"}', "/* } */b{c:d;e:'{'}", '@media (min-width:1px){f{g:h}}', 'i{j:k}'];
    expect(splitRules(rules.join(''), 10)).toEqual(rules);
    // Two parts: the first ends at the first rule end past the middle (69 characters, the third rule's end at 63).
    expect(splitRules(rules.join(''), 2)).toEqual([rules.slice(0, 3).join(''), rules[3]]);
    expect(splitRules(rules.join(''), 1)).toEqual([rules.join('')]);
  });

  it('keeps a sheet with no rule end whole', () => {
    expect(splitRules('', 4)).toEqual(['']);
    expect(splitRules('a{b:c', 4)).toEqual(['a{b:c']);
  });
});
