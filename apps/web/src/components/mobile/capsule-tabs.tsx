import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';

export interface CapsuleTab {
  key: string;
  title: ReactNode;
  /** The tab button's data-testid. */
  testId?: string;
}

interface CapsuleTabsProps {
  /** What the tabs choose ("Rating", "Period"), read by screen readers. */
  label: string;
  tabs: readonly CapsuleTab[];
  activeKey: string;
  onChange: (key: string) => void;
  className?: string;
  style?: CSSProperties;
}

/** The arrow keys, Home and End move between tabs (Enter and Space press the focused button). */
function onTabKey(event: KeyboardEvent<HTMLDivElement>): void {
  const tab = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
  if (!tab) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const at = tabs.indexOf(tab);
  const moves: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 };
  if (!(event.key in moves)) return;
  event.preventDefault();
  // Focusing scrolls the strip to the tab when it is out of sight.
  tabs[(moves[event.key]! + tabs.length) % tabs.length]!.focus();
}

/**
 * The phone's capsule tabs (a period, a rating): a named tab list of buttons in a strip that
 * scrolls sideways when it is too narrow, the chosen tab selected and in the tab order, the others
 * reached with the arrow keys. Our own instead of antd-mobile's CapsuleTabs, which measures the
 * strip in a layout effect and animates its scroll with a spring: on the phone home that forced the
 * page's first layout inside React's commit (about 90 ms of a slow phone's start).
 */
export function CapsuleTabs({ label, tabs, activeKey, onChange, className, style }: CapsuleTabsProps) {
  return (
    <div role="tablist" aria-label={label} className={['m-capsules', className].filter(Boolean).join(' ')} style={style} onKeyDown={onTabKey}>
      {tabs.map((tab) => {
        const active = tab.key === activeKey;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            className={active ? 'm-capsule m-capsule-active' : 'm-capsule'}
            data-testid={tab.testId}
            onClick={() => {
              if (!active) onChange(tab.key);
            }}
          >
            {tab.title}
          </button>
        );
      })}
    </div>
  );
}
