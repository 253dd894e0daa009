import { useMemo } from 'react';
import { App, Button, Empty, Result, Select, Skeleton, Space, Table, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { USER_STATUSES, USERS, type ShopUser } from '@shopdesk/shared/users/schemas';
import { ChoiceFilter } from '../../../components/desktop/choice-filter.tsx';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { StatusTag } from '../../../components/desktop/status-tag.tsx';
import { tablePagination } from '../../../components/desktop/table-pagination.ts';
import { actionsColumn } from '../../../components/desktop/table-columns.tsx';
import { UrlSearchInput } from '../../../components/desktop/url-search-input.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { errorText } from '../../../lib/http.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useUsersScreen } from '../hooks/use-users-screen.ts';
import { RolesPanel } from './roles-panel.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { UserDialog } from './user-dialog.tsx';

type Screen = ReturnType<typeof useUsersScreen>;

/** A member action, disabled with the reason when the caller may not take it. */
function MemberAction({ reason, children, onClick, danger, testId }: { reason: string | null; children: string; onClick: () => void; danger?: boolean; testId: string }) {
  const button = (
    <Button type="link" size="small" danger={danger} disabled={reason !== null} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
  return reason ? <Tooltip title={reason}>{button}</Tooltip> : button;
}

function UsersTable({ screen }: { screen: Screen }) {
  const f = useFormat('users');
  const { t } = f;
  const { state, update, table: users } = screen;

  // The app's modal (not antd's static Modal.confirm): it takes the theme, language and styles of the provider.
  const { modal } = App.useApp();
  const confirmActive = (user: ShopUser, active: boolean) => {
    const texts = screen.confirmOf(user, active);
    modal.confirm({ ...texts, okButtonProps: { danger: texts.danger, ...({ 'data-testid': 'confirm-user-status' } as object) }, onOk: () => screen.setActive(user, active) });
  };

  const columns = useMemo<TableColumnsType<ShopUser>>(
    () => [
      {
        title: t('fields.username'),
        dataIndex: 'username',
        width: 200,
        render: (v: string, row) => (
          <Space size={4}>
            <span data-testid="user-username">{v}</span>
            {row.owner && <Tag>{t('owner')}</Tag>}
            {screen.isMe(row) && <Tag color="blue">{t('you')}</Tag>}
          </Space>
        ),
      },
      { title: t('fields.name'), dataIndex: 'name', ellipsis: true, render: (v: string) => v || '—' },
      { title: t('fields.email'), dataIndex: 'email', width: 260, ellipsis: { showTitle: true }, render: (v: string) => v || '—' },
      { title: t('fields.role'), dataIndex: 'roleId', width: 150, render: (_v: number, row) => <Tag color={row.roleKey === 'owner' || row.roleKey === 'admin' ? 'gold' : row.roleKey ? 'default' : 'blue'} data-testid="user-role">{screen.roleName(row)}</Tag> },
      { title: t('fields.status'), dataIndex: 'status', width: 100, render: (v: string) => <StatusTag status={v === 'active' ? 'completed' : 'cancelled'} label={t(`status.${v}`)} /> },
      { title: t('fields.createTime'), dataIndex: 'createTime', width: 170, render: (v: string) => f.dateTime(v) },
      actionsColumn(t('fields.actions'), 280, (row) => {
        const locked = screen.lockedReason(row);
        return (
          <>
            <MemberAction reason={locked} onClick={() => screen.openEdit(row)} testId="user-edit">
              {t('actions.edit')}
            </MemberAction>
            <MemberAction reason={locked} onClick={() => screen.openReset(row)} testId="user-reset-password">
              {t('actions.resetPassword')}
            </MemberAction>
            {row.status === 'active' ? (
              <MemberAction reason={locked ?? (screen.isLastActiveOwner(row) ? t('actions.lastOwner') : null)} danger onClick={() => confirmActive(row, false)} testId="user-deactivate">
                {t('actions.deactivate')}
              </MemberAction>
            ) : (
              <MemberAction reason={locked} onClick={() => confirmActive(row, true)} testId="user-reactivate">
                {t('actions.reactivate')}
              </MemberAction>
            )}
          </>
        );
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [f, t, screen.isMe, screen.isLastActiveOwner, screen.lockedReason, screen.roleName],
  );

  let content;
  if (users.isPending) content = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (users.isError)
    content = (
      <Result
        status="warning"
        subTitle={errorText(users.error, t('common:states.loadFailed'))}
        extra={<Button onClick={() => void users.refetch()}>{t('common:actions.retry')}</Button>}
        data-testid="users-error"
      />
    );
  else
    content = (
      <Table<ShopUser>
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={users.data.list}
        loading={users.isFetching && users.isPlaceholderData}
        scroll={{ x: 1080 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(screen.filtered ? 'empty.filtered' : 'empty.none')} /> }}
        pagination={tablePagination(state, users.data.total, (page, pageSize) => update({ page, pageSize }), (total) => t('total', { count: total }))}
        data-testid="users-table"
      />
    );

  return (
    <>
      <div className="users-toolbar" style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        <UrlSearchInput value={state.keyword} onSearch={(keyword) => update({ keyword })} placeholder={t('filters.keyword')} width={240} maxLength={USERS.KEYWORD_MAX} testId="users-keyword" />
        <Select<number | undefined>
          allowClear
          placeholder={t('filters.allRoles')}
          aria-label={t('fields.role')}
          value={state.roleId}
          options={screen.roleChoices}
          onChange={(roleId) => update({ roleId: roleId ?? undefined })}
          style={{ minWidth: 180 }}
          data-testid="users-role"
        />
        <ChoiceFilter placeholder={t('filters.allStatuses')} ariaLabel={t('fields.status')} value={state.status} choices={USER_STATUSES} label={(status) => t(`status.${status}`)} onChange={(status) => update({ status })}
          style={{ minWidth: 140 }} testId="users-status" />
        <Button icon={<ReloadOutlined aria-hidden />} disabled={!screen.filtered} onClick={screen.resetFilters}>
          {t('filters.reset')}
        </Button>
        <span style={{ marginLeft: 'auto' }}>
          <Tooltip title={screen.canEdit ? undefined : screen.editDenied}>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} disabled={!screen.canEdit} onClick={screen.openAdd} data-testid="user-add">
              {t('actions.add')}
            </Button>
          </Tooltip>
        </span>
      </div>
      {content}
      <UserDialog open={screen.dialog !== null} editing={screen.dialog?.editing ?? null} saving={screen.saving} onSave={screen.save} onClose={screen.closeDialog} />
      <ResetPasswordDialog user={screen.resetting} busy={screen.resettingPassword} onReset={screen.resetPassword} onClose={screen.closeReset} />
    </>
  );
}

function UsersPageContent() {
  const { t } = useTranslation('users');
  const screen = useUsersScreen('table');
  if (screen.checking) return <Skeleton active />;
  // The server refuses the list too (403 naming the permission): said here, before anything is asked.
  if (!screen.canView) return <Result status="403" title={t('common:permission.deniedTitle')} subTitle={screen.viewDenied} data-testid="users-forbidden" />;
  return (
    <Tabs
      activeKey={screen.tab}
      onChange={screen.setTab}
      items={[
        { key: 'members', label: <span data-testid="users-tab-members">{t('tabs.members')}</span>, children: <UsersTable screen={screen} /> },
        { key: 'roles', label: <span data-testid="users-tab-roles">{t('tabs.roles')}</span>, children: <RolesPanel /> },
      ]}
    />
  );
}

/** Desktop /users: the shop's users (SPEC §3) and what an admin does to them. */
export function UsersPage() {
  const { t } = useTranslation('users');
  return (
    <div data-testid="users-page">
      <PageFrame titleKey="users" extra={
          <Tooltip title={t('rolesHint')} placement="bottomRight">
            <Typography.Link data-testid="users-roles-hint">{t('rolesLink')}</Typography.Link>
          </Tooltip>
        }>
        <NamespaceGate ns="users" fallback={<Skeleton active />}>
          <UsersPageContent />
        </NamespaceGate>
      </PageFrame>
    </div>
  );
}
