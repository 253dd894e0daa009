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

export const DARK_THEME = { token: { colorPrimary: '#1677ff', borderRadius: 8 } } as const;
