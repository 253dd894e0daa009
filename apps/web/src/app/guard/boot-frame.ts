import { applyThemeToDocument, themeStore } from '../../lib/theme.ts';

/**
 * The desktop layout's frame around the boot spinner while a page behind the login loads
 * (main.tsx): the dark sider, the header and the page-tabs strip, in the boxes and the theme's
 * colours of the layout (layouts/desktop/desktop-layout.tsx, global.css `.boot-frame`), so the page
 * takes shape when the entry runs, about a second before the page's own code and answers are in
 * on a slow link, and the first render fills it in without a jump. Plain DOM: React is not
 * rendering yet, and its first render replaces the frame (createRoot clears the container).
 * The sider stays empty: the site's name and logo are settings the page loads.
 */
export function showDesktopFrame(): void {
  const spinner = document.querySelector('#root > .boot-spinner');
  if (!spinner) return;
  // The kit's provider applies the same theme with its first render; the frame needs it now.
  applyThemeToDocument(themeStore.get());
  const box = (name: string, ...children: Element[]) => {
    const element = document.createElement('div');
    element.className = `boot-frame-${name}`;
    element.append(...children);
    return element;
  };
  // A copy of the spinner: a new element is no layout shift, a moved one would be.
  const frame = box('layout', box('sider'), box('main', box('header'), box('tabs'), spinner.cloneNode(true) as Element));
  frame.classList.add('boot-frame');
  spinner.replaceWith(frame);
}
