/**
 * Renders antd components on the server and prints the style rules antd's CSS-in-JS would write
 * for them in the browser, with the map of their cache paths that tells it they are already in a
 * style sheet (@ant-design/cssinjs's `extractStyle`). Run by kit-styles-plugin.ts in a process of
 * its own, with NODE_ENV=production (antd's class hash depends on it). antd and @ant-design/cssinjs
 * are loaded as CommonJS both, so they are one copy each (StyleProvider's cache must be the one antd
 * writes to; an ES import of cssinjs beside antd's CommonJS build would be a second copy).
 *
 * stdin: JSON { components: string[], theme?: ThemeConfig without its algorithm, dark?: boolean }.
 * stdout: the CSS.
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);
const React = load('react');
const { renderToString } = load('react-dom/server');
const antd = load('antd');
const { createCache, extractStyle, StyleProvider } = load('@ant-design/cssinjs');

const h = React.createElement;

/**
 * How each component is rendered so that it registers the styles the app's pages use: the bare
 * component where that is enough, its parts and variants where antd registers them on their own
 * (a layout's sider, a tag's preset colours, an input's text area).
 */
const RECIPES = {
  Form: (C) => h(C, null, h(C.Item, { label: 'a' }, h('span'))),
  Dropdown: (C) => h(C, { menu: { items: [] } }, h('span')),
  Menu: (C) => h(C, { items: [{ key: 'a', label: 'a' }] }),
  Layout: (C) => h(C, null, h(C.Sider), h(C.Header), h(C.Content)),
  Tag: (C) => h(React.Fragment, null, h(C, { color: 'blue' }, 'a'), h(C, { color: 'success' }, 'a')),
  Input: (C) => h(React.Fragment, null, h(C), h(C.Password), h(C.TextArea), h(C.Search)),
  Badge: (C) => h(C, { count: 1 }, h('span')),
  Tooltip: (C) => h(C, { title: 'a' }, h('span')),
  message: (m) => h(m._InternalPanelDoNotUseOrYouWillBeFired),
};

function render(input) {
  const { components, theme, dark } = input;
  const cache = createCache();
  const nodes = components.map((name) => {
    const component = antd[name];
    if (!component) throw new Error(`antd has no component ${name}`);
    return h(React.Fragment, { key: name }, (RECIPES[name] ?? ((C) => h(C)))(component));
  });
  const themeConfig = theme && { ...theme, algorithm: dark ? antd.theme.darkAlgorithm : antd.theme.defaultAlgorithm };
  renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme: themeConfig }, h(antd.App, null, nodes))));
  // Only the components' rules: the design tokens stay CSS variables written at run time, so a
  // theme switch changes them (their rules in a sheet linked after antd's would override it).
  return extractStyle(cache, { plain: true, types: ['style'] });
}

let text = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (text += chunk));
process.stdin.on('end', () => process.stdout.write(render(JSON.parse(text))));
