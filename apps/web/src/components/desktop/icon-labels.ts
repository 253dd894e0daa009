import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The translated name (key in `common:icons`) of each antd icon that antd draws as the only content
 * of a control: the clear button of an input, a search button, pagination arrows, a copy button.
 */
const ICON_KEYS: Record<string, string> = {
  search: 'search',
  'close-circle': 'clear',
  close: 'close',
  copy: 'copy',
  check: 'copied',
  left: 'previous',
  right: 'next',
  'double-left': 'previousPages',
  'double-right': 'nextPages',
  ellipsis: 'more',
  star: 'star',
  filter: 'filter',
  down: 'open',
  eye: 'show',
  'eye-invisible': 'hide',
};

const CONTROL = 'button, a[href], [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="option"], [role="radio"], [role="checkbox"], [role="switch"]';

/** A control that shows nothing but icons and has no name of its own: its icon must name it. */
function unnamedIconControl(icon: Element): Element | null {
  const control = icon.closest(CONTROL);
  if (!control || control.hasAttribute('aria-label') || control.hasAttribute('aria-labelledby') || control.hasAttribute('title')) return null;
  if ((control.textContent ?? '').trim() !== '') return null;
  return control.querySelector('[data-icon]') === icon ? control : null;
}

/**
 * antd's icons name themselves in English for screen readers (aria-label="down", "left",
 * "close-circle") in every language. An icon beside text, or in a control that has its own name,
 * is hidden from screen readers; the first icon of a control that has no other name gets a
 * translated one (a title antd put around it, such as a pagination arrow's, else `common:icons`).
 * Icons with a label of the app's own (not their icon name) are left alone.
 */
export function labelIcons(root: ParentNode, translate: (key: string) => string, all = false): void {
  const selector = all ? '.anticon[role="img"][data-icon], .anticon[role="img"][aria-label]:not([data-icon])' : '.anticon[role="img"][aria-label]:not([data-icon])';
  for (const icon of root.querySelectorAll(selector)) {
    const name = icon.getAttribute('data-icon') ?? icon.getAttribute('aria-label') ?? '';
    if (!icon.classList.contains(`anticon-${name}`)) continue;
    icon.setAttribute('data-icon', name);
    const control = unnamedIconControl(icon);
    const key = ICON_KEYS[name];
    const label = control ? (control.closest('[title]')?.getAttribute('title') ?? (key ? translate(`common:icons.${key}`) : null)) : null;
    if (label) {
      icon.removeAttribute('aria-hidden');
      icon.setAttribute('aria-label', label);
    } else {
      icon.removeAttribute('aria-label');
      icon.setAttribute('aria-hidden', 'true');
    }
  }
}

/** Keeps every antd icon of the document hidden or translated (see labelIcons), as the page and the language change. */
export function useIconLabels(): void {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    const translate = (key: string) => t(key);
    labelIcons(document.body, translate, true);
    let frame = 0;
    const observer = new MutationObserver(() => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        labelIcons(document.body, translate);
      });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [t, language]);
}
