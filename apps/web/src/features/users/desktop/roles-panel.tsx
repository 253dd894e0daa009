import { App, Button, Empty, Form, Input, Modal, Radio, Result, Skeleton, Table, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/http.ts';
import { graphemeLimit } from '../../../lib/text-limit.ts';
import { useRoleFormFill, useRolesScreen, type RoleFormValues } from '../hooks/use-roles-screen.ts';

type Roles = ReturnType<typeof useRolesScreen>;
type Row = Roles['rows'][number];

/** A new or edited role: its name and, per area, none / view / view and edit. */
function RoleDialog({ roles }: { roles: Roles }) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<RoleFormValues>();
  const open = useRoleFormFill(roles, form);
  return (
    <Modal
      open={open}
      title={roles.form.title}
      onCancel={roles.close}
      onOk={() => form.submit()}
      okText={roles.form.submitText}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: roles.saving, ...({ 'data-testid': 'role-dialog-save' } as object) }}
      width={640}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void roles.submit(values)} onValuesChange={roles.onValuesChange} data-testid="role-form">
        <Form.Item name="name" label={roles.form.nameLabel} rules={roles.form.nameRules} required>
          <Input placeholder={roles.form.namePlaceholder} count={{ ...graphemeLimit(roles.form.nameMax).count, show: false }} data-testid="role-name-input" />
        </Form.Item>
        <div className="role-matrix" role="group" aria-label={roles.form.matrixLabel}>
          {roles.areas.map(({ area, label }) => (
            <Form.Item key={area} name={['permissions', area]} label={label} style={{ marginBottom: 8 }} layout="horizontal" labelCol={{ span: 9 }} colon={false}>
              <Radio.Group
                optionType="button"
                size="small"
                options={roles.levels.map((level) => ({ value: level.value, label: <span data-testid={`role-${area}-${level.value}`}>{level.label}</span> }))}
              />
            </Form.Item>
          ))}
        </div>
        {roles.code && (
          <Form.Item name="code" label={roles.code.label} extra={roles.code.extra} rules={roles.code.rules} required>
            <Input autoComplete="one-time-code" maxLength={20} data-testid={roles.code.testId} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The roles tab: every role with what it allows, and the shop's own roles to create, edit or delete. */
export function RolesPanel() {
  const { t } = useTranslation('users');
  const roles = useRolesScreen();
  const { modal } = App.useApp();
  const confirmDelete = (role: Row) =>
    modal.confirm({ ...roles.deleteTexts(role), okButtonProps: { danger: true, ...({ 'data-testid': 'confirm-role-delete' } as object) }, onOk: () => roles.remove(role) });
  if (roles.roles.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (roles.roles.isError)
    return (
      <Result
        status="warning"
        subTitle={errorText(roles.roles.error, t('common:states.loadFailed'))}
        extra={<Button onClick={() => void roles.roles.refetch()}>{t('common:actions.retry')}</Button>}
        data-testid="roles-error"
      />
    );
  const lockable = (row: Row, button: React.ReactElement) => (row.lockedReason ? <Tooltip title={row.lockedReason}>{button}</Tooltip> : button);
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 16 }}>
        <Tooltip title={roles.canEdit ? undefined : roles.editDenied}>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} disabled={!roles.canEdit} onClick={roles.openAdd} data-testid="role-add">
            {t('roles.add')}
          </Button>
        </Tooltip>
      </div>
      <Table<Row>
        rowKey="roleId"
        size="middle"
        pagination={false}
        dataSource={roles.rows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roles.empty')} /> }}
        data-testid="roles-table"
        columns={[
          {
            title: t('roles.name'),
            width: 220,
            render: (_v, row) => (
              <span data-testid="role-name">
                {row.label} <Tag>{row.kind}</Tag>
              </span>
            ),
          },
          {
            title: t('roles.permissions'),
            render: (_v, row) => (
              <div className="role-grants">
                {row.grants.map((grant) => (
                  <Tag key={grant.area} color={grant.edit ? 'gold' : 'default'} style={{ marginBottom: 4 }}>
                    {grant.text}
                  </Tag>
                ))}
              </div>
            ),
          },
          { title: t('fields.status'), width: 130, render: (_v, row) => row.membersText },
          {
            title: t('fields.actions'),
            width: 170,
            render: (_v, row) => (
              <>
                {lockable(
                  row,
                  <Button type="link" size="small" disabled={row.lockedReason !== null} onClick={() => roles.openEdit(row)} data-testid="role-edit">
                    {t('roles.edit')}
                  </Button>,
                )}
                {lockable(
                  row,
                  <Button type="link" size="small" danger disabled={row.lockedReason !== null} onClick={() => confirmDelete(row)} data-testid="role-delete">
                    {t('roles.delete')}
                  </Button>,
                )}
              </>
            ),
          },
        ]}
      />
      <RoleDialog roles={roles} />
    </>
  );
}
