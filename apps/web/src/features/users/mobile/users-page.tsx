import { useRef, useState } from 'react';
import { ActionSheet, DotLoading, Dropdown, Form, Input, List, Result, Selector, Tag, type DropdownRef } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { USER_STATUSES, USERS, type ShopUser } from '@shopdesk/shared/users/schemas';
import { Dialog } from '../../../components/mobile/imperative.ts';
import { MobileFormSheet } from '../../../components/mobile/form-sheet.tsx';
import { MobileInfiniteList } from '../../../components/mobile/infinite-list.tsx';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileStatusTag } from '../../../components/mobile/status-tag.tsx';
import { MobileUrlSearchBar } from '../../../components/mobile/url-search-bar.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import type { UserFormValues } from '../hooks/use-user-actions.ts';
import { useResetPasswordForm, useUserForm } from '../hooks/use-user-forms.ts';
import { useUsersScreen } from '../hooks/use-users-screen.ts';
import { MobileRolesPanel, RoleChangeCodeItem, SingleSelector } from './roles-panel.tsx';
import { CapsuleTabs } from '../../../components/mobile/capsule-tabs.tsx';
import '../../../styles/list-pages-mobile.css';
import '../../../styles/money-pages-mobile.css';
import { graphemeLimit } from '../../../lib/text-limit.ts';

const ALL = 'all';
type Screen = ReturnType<typeof useUsersScreen>;

/** Add or edit a user in a bottom sheet: the desktop dialog's fields and rules. */
function UserSheet({ screen }: { screen: Screen }) {
  const [form] = Form.useForm<UserFormValues>();
  const open = screen.dialog !== null;
  const user = useUserForm(form, { open, editing: screen.dialog?.editing ?? null, onSave: screen.save, onClose: screen.closeDialog });
  return (
    <MobileFormSheet open={open} onClose={screen.closeDialog} form={form} title={user.title} onFinish={(values: UserFormValues) => void user.submit(values)} onValuesChange={user.onValuesChange} submitText={user.submitText} submitting={screen.saving} testId="m-user-form">
      {user.fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label} rules={field.rules} required={field.required} description={field.extra} disabled={field.disabled} normalize={graphemeLimit(field.maxLength).normalize}>
          <Input type={field.type} autoComplete={field.autoComplete} clearable={!field.disabled} data-testid={`m-${field.testId}`} />
        </Form.Item>
      ))}
      <Form.Item name="roleId" label={user.role.label} description={user.role.extra} rules={user.role.rules} required>
        <SingleSelector options={user.role.options} columns={2} testId="m-user-role" />
      </Form.Item>
      <RoleChangeCodeItem code={user.code} />
    </MobileFormSheet>
  );
}

/** The admin's new password for a user, in a bottom sheet. */
function ResetPasswordSheet({ screen }: { screen: Screen }) {
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const reset = useResetPasswordForm(form, { user: screen.resetting, onReset: screen.resetPassword, onClose: screen.closeReset });
  return (
    <MobileFormSheet
      open={screen.resetting !== null}
      onClose={screen.closeReset}
      form={form}
      title={reset.title}
      note={reset.warning}
      onFinish={(values: { password: string }) => void reset.submit(values)}
      submitText={reset.submitText}
      submitting={screen.resettingPassword}
      submitColor="danger"
      testId="m-reset-password-form"
    >
      {reset.fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label} rules={field.rules} dependencies={field.name === 'confirm' ? ['password'] : undefined} required>
          <Input type="password" maxLength={reset.maxLength} autoComplete="new-password" data-testid={`m-${field.testId}`} />
        </Form.Item>
      ))}
    </MobileFormSheet>
  );
}

function UserLine({ user, screen, onMore }: { user: ShopUser; screen: Screen; onMore: (user: ShopUser) => void }) {
  const f = useFormat('users');
  const { t } = f;
  return (
    <List.Item
      onClick={() => onMore(user)}
      description={
        <div className="m-order-meta">
          <span>{user.name || '—'}</span>
          {user.email && <span className="m-order-id">{user.email}</span>}
          <span>{f.dateTime(user.createTime)}</span>
        </div>
      }
      extra={<MobileStatusTag status={user.status === 'active' ? 'completed' : 'cancelled'} label={t(`status.${user.status}`)} />}
      data-testid="m-user"
    >
      <div className="m-product-title" data-testid="m-user-username">
        {user.username}
      </div>
      <div className="m-tags">
        <Tag color={user.roleKey === 'owner' || user.roleKey === 'admin' ? 'warning' : user.roleKey ? 'default' : 'primary'} fill="outline" data-testid="m-user-role-tag">
          {screen.roleName(user)}
        </Tag>
        {user.owner && <Tag fill="outline">{t('owner')}</Tag>}
        {screen.isMe(user) && (
          <Tag color="primary" fill="outline">
            {t('you')}
          </Tag>
        )}
      </div>
    </List.Item>
  );
}

function MobileUsersList({ screen }: { screen: Screen }) {
  const { t } = useTranslation('users');
  const dropdown = useRef<DropdownRef>(null);
  const [acting, setActing] = useState<ShopUser | null>(null);
  const { state, update } = screen;

  const confirmActive = async (user: ShopUser, active: boolean) => {
    const texts = screen.confirmOf(user, active);
    const ok = await Dialog.confirm({ title: texts.title, content: texts.content, confirmText: <span className={texts.danger ? 'm-danger' : undefined}>{texts.okText}</span>, cancelText: texts.cancelText });
    if (ok) await screen.setActive(user, active);
  };

  const choice = (key: 'roleId' | 'status', values: readonly { value: string; label: string }[]) => (
    <div className="m-filter-panel">
      <Selector
        columns={2}
        value={[state[key] === undefined ? ALL : String(state[key])]}
        options={[{ value: ALL, label: t(key === 'roleId' ? 'filters.allRoles' : 'filters.allStatuses') }, ...values]}
        onChange={(v) => {
          if (!v[0]) return;
          update({ [key]: v[0] === ALL ? undefined : v[0] }, { replace: true });
          dropdown.current?.close();
        }}
        data-testid={`m-users-${key}-choice`}
      />
    </div>
  );

  // Said before the tap: what the caller's role may not change, and the shop's last active owner.
  const memberActions = (user: ShopUser) => {
    const locked = screen.lockedReason(user);
    const lastOwner = screen.isLastActiveOwner(user) ? t('actions.lastOwner') : null;
    const off = locked ?? lastOwner;
    return [
      { key: 'edit', text: t('actions.edit'), disabled: locked !== null, description: locked ?? undefined },
      { key: 'reset', text: t('actions.resetPassword'), disabled: locked !== null },
      user.status === 'active'
        ? { key: 'deactivate', text: t('actions.deactivate'), danger: true, disabled: off !== null, description: off ?? undefined }
        : { key: 'reactivate', text: t('actions.reactivate'), disabled: locked !== null },
    ];
  };

  return (
    <div data-testid="m-users">
      <MobileUrlSearchBar value={state.keyword} onSearch={(keyword) => update({ keyword }, { replace: true })} placeholder={t('filters.keyword')} maxLength={USERS.KEYWORD_MAX} testId="m-users-keyword" />
      <Dropdown ref={dropdown} className="m-filter-bar">
        <Dropdown.Item key="role" title={screen.roleChoices.find((c) => c.value === state.roleId)?.label ?? t('filters.allRoles')} data-testid="m-users-role">
          {choice('roleId', screen.roleChoices.map((c) => ({ value: String(c.value), label: c.label })))}
        </Dropdown.Item>
        <Dropdown.Item key="status" title={state.status ? t(`status.${state.status}`) : t('filters.allStatuses')} data-testid="m-users-status">
          {choice('status', USER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })))}
        </Dropdown.Item>
      </Dropdown>
      <MobileInfiniteList query={screen.feed} emptyText={t(screen.filtered ? 'empty.filtered' : 'empty.none')} testId="m-users-list">
        {(users) => (
          <List>
            {users.map((user) => (
              <UserLine key={user.userId} user={user} screen={screen} onMore={setActing} />
            ))}
          </List>
        )}
      </MobileInfiniteList>
      <div className="m-list-note" data-testid="m-users-roles-hint">
        {t('rolesHint')}
      </div>
      <ActionSheet
        visible={acting !== null}
        onClose={() => setActing(null)}
        extra={acting?.username}
        cancelText={t('common:actions.cancel')}
        actions={
          acting ? memberActions(acting) : []
        }
        onAction={(action) => {
          const user = acting;
          setActing(null);
          if (!user) return;
          if (action.key === 'edit') screen.openEdit(user);
          else if (action.key === 'reset') screen.openReset(user);
          else void confirmActive(user, action.key === 'reactivate');
        }}
        data-testid="m-user-sheet"
      />
      <UserSheet screen={screen} />
      <ResetPasswordSheet screen={screen} />
    </div>
  );
}

function MobileUsersContent() {
  const { t } = useTranslation('users');
  const screen = useUsersScreen('feed');
  const add = screen.canEdit && screen.tab === 'members' ? (
    <button type="button" className="m-icon-button" aria-label={t('actions.add')} onClick={screen.openAdd} data-testid="m-user-add">
      <AddOutline />
    </button>
  ) : null;
  let body;
  if (screen.checking)
    body = (
      <div className="m-state">
        <DotLoading color="primary" />
      </div>
    );
  // The server refuses the list too (403 naming the permission): said here, before anything is asked.
  else if (!screen.canView) body = <Result status="warning" title={t('common:permission.deniedTitle')} description={screen.viewDenied} data-testid="m-users-forbidden" />;
  else
    body = (
      <>
        <CapsuleTabs
          label={t('menu:users')}
          tabs={[
            { key: 'members', title: t('tabs.members'), testId: 'm-users-tab-members' },
            { key: 'roles', title: t('tabs.roles'), testId: 'm-users-tab-roles' },
          ]}
          activeKey={screen.tab}
          onChange={screen.setTab}
          className="m-users-tabs"
        />
        {screen.tab === 'roles' ? <MobileRolesPanel /> : <MobileUsersList screen={screen} />}
      </>
    );
  return (
    <MobilePageFrame titleKey="users" right={add}>
      {body}
    </MobilePageFrame>
  );
}

/** Phone /m/users: the shop's users and what an administrator does to them (twin of /users). */
export function MobileUsersPage() {
  return (
    <NamespaceGate ns="users" fallback={<MobilePageFrame titleKey="users"><div className="m-state"><DotLoading color="primary" /></div></MobilePageFrame>}>
      <MobileUsersContent />
    </NamespaceGate>
  );
}
