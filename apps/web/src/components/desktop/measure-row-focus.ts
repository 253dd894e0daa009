import { useEffect } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * antd's Table draws a hidden (aria-hidden) measure row when it scrolls sideways, holding a copy
 * of every header, with a row selection's "select all" checkbox: a focusable control a screen
 * reader cannot see (axe: aria-hidden-focus). Takes every control in such a row out of the tab order.
 */
export function untabMeasureRows(root: ParentNode): void {
  for (const control of root.querySelectorAll(`.ant-table-measure-row :is(${FOCUSABLE})`)) {
    if (control.getAttribute('tabindex') !== '-1') control.setAttribute('tabindex', '-1');
  }
  // A table that scrolls sideways (its columns wider than the page, as in Thai) and has no control
  // in its rows cannot be scrolled from the keyboard (axe: scrollable-region-focusable): its scroll
  // box joins the tab order.
  for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content')) {
    const reachable = box.querySelector(`tbody :is(${FOCUSABLE}):not([tabindex="-1"])`) !== null;
    if (!reachable && box.scrollWidth > box.clientWidth) box.setAttribute('tabindex', '0');
    else if (box.getAttribute('tabindex') === '0') box.removeAttribute('tabindex');
  }
}

/** Keeps every measure row of the document out of the tab order, as tables appear and change (at most once a frame). */
export function useUntabbedMeasureRows(): void {
  useEffect(() => {
    let frame = 0;
    const observer = new MutationObserver(() => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        untabMeasureRows(document.body);
      });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    untabMeasureRows(document.body);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
}
