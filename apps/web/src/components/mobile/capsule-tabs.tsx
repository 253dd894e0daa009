import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CapsuleTabs, type CapsuleTabsProps } from 'antd-mobile';

const TAB = '.adm-capsule-tabs-tab';

/**
 * Makes antd-mobile's capsule tabs a keyboard-usable tab list. antd-mobile draws them as plain
 * clickable boxes in a sideways-scrolling strip: nothing to focus, so the strip cannot be
 * scrolled from the keyboard either (axe: scrollable-region-focusable). The strip becomes a named
 * tablist, each box a tab (the chosen one selected and in the tab order, the others reached with
 * the arrow keys).
 */
export function fixCapsuleTabs(root: ParentNode, label: string): void {
  const list = root.querySelector('.adm-capsule-tabs-tab-list');
  if (!list) return;
  list.setAttribute('role', 'tablist');
  list.setAttribute('aria-label', label);
  for (const tab of list.querySelectorAll(TAB)) {
    const active = tab.classList.contains('adm-capsule-tabs-tab-active');
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-selected', String(active));
    tab.setAttribute('tabindex', active ? '0' : '-1');
    if (tab.classList.contains('adm-capsule-tabs-tab-disabled')) tab.setAttribute('aria-disabled', 'true');
    else tab.removeAttribute('aria-disabled');
  }
}

/** Enter or Space chooses the focused tab; the arrow keys, Home and End move between tabs. */
function onTabKey(event: KeyboardEvent<HTMLDivElement>): void {
  const tab = (event.target as HTMLElement).closest<HTMLElement>(TAB);
  if (!tab) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>(TAB)];
  const at = tabs.indexOf(tab);
  const moves: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 };
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    tab.click();
  } else if (event.key in moves) {
    event.preventDefault();
    const next = tabs[(moves[event.key] + tabs.length) % tabs.length];
    next.focus();
    next.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }
}

type AccessibleCapsuleTabsProps = CapsuleTabsProps & {
  /** What the tabs choose ("Rating", "Period"), read by screen readers. */
  label: string;
  children?: ReactNode;
};

/** antd-mobile's CapsuleTabs as a keyboard-usable, named tab list (see fixCapsuleTabs). */
export function AccessibleCapsuleTabs({ label, ...props }: AccessibleCapsuleTabsProps) {
  const box = useRef<HTMLDivElement>(null);
  // Again whenever antd-mobile marks another tab chosen or redraws the tabs.
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    fixCapsuleTabs(root, label);
    const observer = new MutationObserver(() => fixCapsuleTabs(root, label));
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, [label]);
  return (
    <div ref={box} className="m-capsule-tabs-box" onKeyDown={onTabKey}>
      <CapsuleTabs {...props} />
    </div>
  );
}
