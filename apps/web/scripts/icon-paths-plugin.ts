import type { Plugin } from 'vite';

/** An icon module of antd-mobile-icons: one React component drawing one SVG (48×48 units). */
const ICON_MODULE = /[\\/]node_modules[\\/]antd-mobile-icons[\\/]es[\\/][A-Z]\w*\.js$/;
/** A decimal number of SVG path data (integers need no rounding). */
const DECIMAL = /-?\d*\.\d+(?:[eE][-+]?\d+)?/g;

/**
 * Rounds a path's decimals to `digits` places, written as short as they go (`0.50` → `.5`). Path
 * data may run numbers together (`1.5.5` is 1.5 then .5): a number that loses its decimal point
 * before another that starts with one keeps them apart with a space.
 */
export function roundPathData(d: string, digits: number): string {
  return d.replace(DECIMAL, (number, offset: number) => {
    const rounded = String(Number(Number(number).toFixed(digits))).replace(/^(-?)0\./, '$1.');
    return !rounded.includes('.') && d[offset + number.length] === '.' ? `${rounded} ` : rounded;
  });
}

/** An icon module's code with its paths rounded and its `id` props (its design tool's layer names) dropped. */
export function slimIconModule(code: string, digits: number): string {
  return code.replace(/\bd: "([^"]*)"/g, (_, d: string) => `d: "${roundPathData(d, digits)}"`).replace(/\n\s*id: "[^"\n]*",?/g, '');
}

/**
 * antd-mobile-icons draws each icon with path coordinates to seven decimals and an `id` on every
 * element (the design tool's layer names, referenced by nothing). The phone's home draws 15 of them
 * in its first chunk (33 KB of its 76): two decimals of a 48-unit box are 1/400 of a pixel at the
 * sizes the app shows them, and the icons' code goes from 8.1 to 4.7 KB brotli.
 */
export function slimIcons(options: { digits: number } = { digits: 2 }): Plugin {
  return {
    name: 'shopdesk-slim-icons',
    transform: {
      filter: { id: ICON_MODULE },
      handler(code, id) {
        if (!ICON_MODULE.test(id)) return null;
        return { code: slimIconModule(code, options.digits), map: null };
      },
    },
  };
}
