import { useMemo } from 'react';
import { App, Button, Empty, Result, Skeleton, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SHOP_ROLES, USER_STATUSES, USERS, type ShopUser } from '@shopdesk/shared/users/schemas';
import { ChoiceFilter } from '../../../components/desktop/choice-filter.tsx';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { StatusTag } from '../../../components/desktop/status-tag.tsx';
import { tablePagination } from '../../../components/desktop/table-pagination.ts';
import { actionsColumn } from '../../../components/desktop/table-columns.tsx';
import { UrlSearchInput } from '../../../components/desktop/url-search-input.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { errorText } from '../../../lib/http.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useShopRole } from '../api/shop-role.ts';
import { useUsersScreen } from '../hooks/use-users-screen.ts';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { UserDialog } from './user-dialog.tsx';

function UsersTable() {
  const f = useFormat('users');
  const { t } = f;
  const screen = useUsersScreen('table');
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
      { title: t('fields.role'), dataIndex: 'role', width: 130, render: (v: string) => <Tag color={v === 'admin' ? 'gold' : 'default'}>{t(`role.${v}`)}</Tag> },
      { title: t('fields.status'), dataIndex: 'status', width: 100, render: (v: string) => <StatusTag status={v === 'active' ? 'completed' : 'cancelled'} label={t(`status.${v}`)} /> },
      { title: t('fields.createTime'), dataIndex: 'createTime', width: 170, render: (v: string) => f.dateTime(v) },
      actionsColumn(t('fields.actions'), 280, (row) => (
        <>
            <Button type="link" size="small" onClick={() => screen.openEdit(row)} data-testid="user-edit">
              {t('actions.edit')}
            </Button>
            <Button type="link" size="small" onClick={() => screen.openReset(row)} data-testid="user-reset-password">
              {t('actions.resetPassword')}
            </Button>
            {row.status === 'active' ? (
              screen.isLastActiveAdmin(row) ? (
                <Tooltip title={t('actions.lastAdmin')}>
                  <Button type="link" size="small" danger disabled data-testid="user-deactivate">
                    {t('actions.deactivate')}
                  </Button>
                </Tooltip>
              ) : (
                <Button type="link" size="small" danger onClick={() => confirmActive(row, false)} data-testid="user-deactivate">
                  {t('actions.deactivate')}
                </Button>
              )
            ) : (
              <Button type="link" size="small" onClick={() => confirmActive(row, true)} data-testid="user-reactivate">
                {t('actions.reactivate')}
              </Button>
            )}
        </>
      )),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [f, t, screen.isMe, screen.isLastActiveAdmin],
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
        <ChoiceFilter placeholder={t('filters.allRoles')} ariaLabel={t('fields.role')} value={state.role} choices={SHOP_ROLES} label={(role) => t(`role.${role}`)} onChange={(role) => update({ role })} testId="users-role" />
        <ChoiceFilter placeholder={t('filters.allStatuses')} ariaLabel={t('fields.status')} value={state.status} choices={USER_STATUSES} label={(status) => t(`status.${status}`)} onChange={(status) => update({ status })}
          style={{ minWidth: 140 }} testId="users-status" />
        <Button icon={<ReloadOutlined aria-hidden />} disabled={!screen.filtered} onClick={screen.resetFilters}>
          {t('filters.reset')}
        </Button>
        <span style={{ marginLeft: 'auto' }}>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={screen.openAdd} data-testid="user-add">
            {t('actions.add')}
          </Button>
        </span>
      </div>
      {content}
      <UserDialog open={screen.dialog !== null} editing={screen.dialog?.editing ?? null} saving={screen.saving} onSave={screen.save} onClose={screen.closeDialog} />
      <ResetPasswordDialog user={screen.resetting} busy={screen.resettingPassword} onReset={screen.resetPassword} onClose={screen.closeReset} />
    </>
  );
}

/** What an ordinary user sees instead of the list: the server refuses them too (403). */
function NoPermission() {
  const { t } = useTranslation('users');
  return <Result status="403" title={t('common:http.forbidden')} subTitle={t('adminOnly')} data-testid="users-forbidden" />;
}

function UsersPageContent() {
  const role = useShopRole();
  if (role.isPending) return <Skeleton active />;
  return role.isAdmin ? <UsersTable /> : <NoPermission />;
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
