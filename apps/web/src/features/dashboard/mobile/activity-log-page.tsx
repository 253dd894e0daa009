import { useRef } from 'react';
import { Dropdown, List, Selector, Tag, type DropdownRef } from 'antd-mobile';
import type { ActivityEntry } from '@shopdesk/shared/activity-log/schemas';
import { MobileInfiniteList } from '../../../components/mobile/infinite-list.tsx';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useActivityLogScreen } from '../hooks/use-activity-log-screen.ts';
import '../../../styles/money-pages-mobile.css';

const ALL = 'all';

/** The phone's activity log: who did what and when, a feed filtered by action and member (in the URL), twin of /dashboard/activity. */
export function MobileActivityLogPage() {
  const { t } = useFormat('dashboard');
  const screen = useActivityLogScreen('feed');
  const { state, update } = screen;
  const dropdown = useRef<DropdownRef>(null);
  const choose = (values: string[], apply: (value: string | undefined) => void) => {
    const next = values[0];
    if (!next) return;
    apply(next === ALL ? undefined : next);
    dropdown.current?.close();
  };
  const actionTitle = screen.actionChoices.find((c) => c.value === state.action)?.label ?? t('activity.filterAction');
  const memberTitle = screen.memberChoices.find((c) => c.value === state.userId)?.label ?? t('activity.filterUser');
  return (
    <MobilePageFrame titleKey="activityLog">
      <div className="m-wallet-page m-list-page" data-testid="m-activity-log-page">
        <Dropdown ref={dropdown} className="m-filter-bar">
          <Dropdown.Item key="action" title={actionTitle} data-testid="m-activity-filter-action">
            <div className="m-filter-panel">
              <Selector
                columns={2}
                value={[state.action ?? ALL]}
                options={[{ value: ALL, label: t('activity.filterAction') }, ...screen.actionChoices]}
                onChange={(v) => choose(v, (action) => update({ action: action as typeof state.action }, { replace: true }))}
              />
            </div>
          </Dropdown.Item>
          <Dropdown.Item key="member" title={memberTitle} data-testid="m-activity-filter-user">
            <div className="m-filter-panel">
              <Selector
                columns={1}
                value={[state.userId === undefined ? ALL : String(state.userId)]}
                options={[{ value: ALL, label: t('activity.filterUser') }, ...screen.memberChoices.map((c) => ({ value: String(c.value), label: c.label }))]}
                onChange={(v) => choose(v, (userId) => update({ userId: userId === undefined ? undefined : Number(userId) }, { replace: true }))}
              />
            </div>
          </Dropdown.Item>
        </Dropdown>
        <MobileInfiniteList<ActivityEntry> query={screen.feed} emptyText={t('activity.empty')} testId="m-activity-log">
          {(entries) => (
            <List className="m-list m-lines" data-testid="m-activity-log-list">
              {entries.map((entry) => {
                const line = screen.lineOf(entry);
                return (
                  <List.Item key={entry.id} className="m-line" description={<div className="m-line-meta"><div>{line.when}</div>{line.text && <div>{line.text}</div>}</div>} data-testid="m-activity-line">
                    <span data-testid="m-activity-who">{line.who}</span> <Tag fill="outline">{line.what}</Tag>
                  </List.Item>
                );
              })}
            </List>
          )}
        </MobileInfiniteList>
      </div>
    </MobilePageFrame>
  );
}
