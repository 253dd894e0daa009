/**
 * The desktop kit's (antd's) design tokens for each theme, without antd's algorithms: the provider
 * (desktop-kit-provider.tsx) adds them, and the build's kit sheet test (scripts/kit-styles-plugin.test.ts)
 * checks with these that antd's component rules do not depend on the theme.
 */

/**
 * Light theme colours with a 4.5:1 contrast on white and on their own tinted backgrounds (axe,
 * WCAG AA): antd's default primary (#1677ff), secondary text (45% black), error red (#ff4d4f)
 * and the status and preset colours it writes text in (tags, typography) fall short for text. The
 * same values are the `--sd-*-text` variables of global.css, which the plain CSS and antd-mobile use.
 */
const TEXT_COLOURS = { success: '#237804', warning: '#ad4e00', error: '#cf1322', info: '#0958d9', gold: '#874d00' } as const;

export const LIGHT_THEME = {
  token: {
    colorPrimary: TEXT_COLOURS.info,
    colorLink: TEXT_COLOURS.info,
    colorError: TEXT_COLOURS.error,
    // Hovered buttons and links: a lighter shade that still keeps 4.5:1 with white (antd's derived
    // ones do not: white on the primary's hover blue is 4.2:1).
    colorPrimaryHover: '#1f6fe0',
    colorLinkHover: '#1f6fe0',
    colorErrorHover: '#dc2f3a',
    colorSuccessText: TEXT_COLOURS.success,
    colorWarningText: TEXT_COLOURS.warning,
    colorInfoText: TEXT_COLOURS.info,
    borderRadius: 8,
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  },
  /**
   * A tag writes its text in the status colour (`colorSuccess`…) or the preset's 7th shade (`gold7`…)
   * on that colour's lightest tint: only tags get the darker text shades, so icons, progress bars and
   * badges keep antd's brighter colours.
   */
  components: {
    Tag: {
      colorSuccess: TEXT_COLOURS.success,
      colorWarning: TEXT_COLOURS.warning,
      colorInfo: TEXT_COLOURS.info,
      gold7: TEXT_COLOURS.gold,
      orange7: TEXT_COLOURS.warning,
      green7: TEXT_COLOURS.success,
      cyan7: '#006d75',
      lime7: '#3f6600',
      yellow7: '#876800',
      volcano7: '#ad2102',
    },
  },
} as const;

/**
 * Dark theme colours with a 4.5:1 contrast on the dark page and card backgrounds (axe, WCAG AA):
 * the dark algorithm's primary (#1668dc) stays for filled buttons (white text on it), while text in
 * the primary colour (links, the chosen tab, info tags) takes a lighter blue, error text a lighter
 * red, and placeholders half white instead of a quarter.
 */
const DARK_TEXT = { link: '#4096ff', linkHover: '#69b1ff', error: '#ff7875' } as const;
/**
 * The dark theme's danger seed: the dark algorithm turns it into #dc6966, 5.5:1 on the page and
 * cards (#141414), 5.2:1 on the header's #141a22, 4.9:1 on a raised surface (#1f1f1f); from antd's
 * #ff4d4f it made #dc4446, 4.1–4.3:1. White text on it would not reach 4.5:1, so a filled danger
 * button writes dark text on it (5.5:1).
 */
const DARK_DANGER = DARK_TEXT.error;

export const DARK_THEME = {
  token: {
    colorPrimary: '#1677ff',
    colorError: DARK_DANGER,
    colorLink: DARK_TEXT.link,
    borderRadius: 8,
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
    colorTextTertiary: 'rgba(255, 255, 255, 0.55)',
    colorTextDescription: 'rgba(255, 255, 255, 0.55)',
  },
  components: {
    Tabs: { itemSelectedColor: DARK_TEXT.link, itemHoverColor: DARK_TEXT.linkHover, itemActiveColor: DARK_TEXT.link },
    // A purple tag (the refunded stage) writes its 7th shade, #854eca, 3.4:1 on its tint: the 8th keeps 5.7:1.
    Tag: { colorInfo: DARK_TEXT.link, colorError: DARK_TEXT.error, purple7: '#ab7ae0' },
    Typography: { colorLink: DARK_TEXT.link, colorLinkHover: DARK_TEXT.linkHover },
    // A hovered primary button keeps 4.8:1 with its white text (the algorithm's #3c89e8: 3.5:1); a
    // hovered default button writes the lighter link blue instead of that darker hover shade.
    Button: {
      colorLink: DARK_TEXT.link,
      colorLinkHover: DARK_TEXT.linkHover,
      colorPrimaryHover: '#2a6fd6',
      defaultHoverColor: DARK_TEXT.linkHover,
      defaultHoverBorderColor: DARK_TEXT.linkHover,
      dangerColor: '#141414',
    },
  },
} as const;
