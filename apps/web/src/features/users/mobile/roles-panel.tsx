import { useState } from 'react';
import { ActionSheet, Button, Form, Input, List, Selector, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/mobile/imperative.ts';
import { MobileFormSheet } from '../../../components/mobile/form-sheet.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { graphemeLimit } from '../../../lib/text-limit.ts';
import { useRoleFormFill, useRolesScreen, type RoleFormValues } from '../hooks/use-roles-screen.ts';
import type { RoleChangeCodeField } from '../hooks/use-role-change-code.ts';

type Roles = ReturnType<typeof useRolesScreen>;
type Row = Roles['rows'][number];

/** One choice of a few, as a form field: antd-mobile's Selector speaks in lists, the form keeps one value. */
export function SingleSelector<V extends string | number>({
  value,
  onChange,
  options,
  columns,
  testId,
}: {
  value?: V;
  onChange?: (value: V) => void;
  options: { value: V; label: string }[];
  columns?: number;
  testId: string;
}) {
  return (
    <Selector<V>
      columns={columns ?? options.length}
      options={options}
      value={value === undefined ? [] : [value]}
      onChange={(v) => v[0] !== undefined && onChange?.(v[0])}
      data-testid={testId}
    />
  );
}

/** The authenticator's code a role change asks (a member's new role, a role's new permissions), when it does. */
export function RoleChangeCodeItem({ code }: { code: RoleChangeCodeField | null }) {
  if (!code) return null;
  return (
    <Form.Item name="code" label={code.label} description={code.extra} rules={code.rules} required>
      <Input autoComplete="one-time-code" maxLength={20} data-testid={`m-${code.testId}`} />
    </Form.Item>
  );
}

/** A new or edited role in a bottom sheet: its name and a level per area. */
function RoleSheet({ roles }: { roles: Roles }) {
  const [sheetForm] = Form.useForm<RoleFormValues>();
  const open = useRoleFormFill(roles, sheetForm);
  const form = sheetForm;
  return (
    <MobileFormSheet
      open={open}
      onClose={roles.close}
      form={form}
      title={roles.form.title}
      onFinish={(values: RoleFormValues) => void roles.submit(values)}
      onValuesChange={roles.onValuesChange}
      submitText={roles.form.submitText}
      submitting={roles.saving}
      testId="m-role-form"
    >
      <Form.Item name="name" label={roles.form.nameLabel} rules={roles.form.nameRules} required normalize={graphemeLimit(roles.form.nameMax).normalize}>
        <Input placeholder={roles.form.namePlaceholder} clearable data-testid="m-role-name-input" />
      </Form.Item>
      {roles.areas.map(({ area, label }) => (
        <Form.Item key={area} name={['permissions', area]} label={label}>
          <SingleSelector options={roles.levels} testId={`m-role-${area}`} />
        </Form.Item>
      ))}
      <RoleChangeCodeItem code={roles.code} />
    </MobileFormSheet>
  );
}

/** The phone's roles tab: every role with what it allows; the shop's own to create, edit or delete. */
export function MobileRolesPanel() {
  const { t } = useTranslation('users');
  const roles = useRolesScreen();
  const [acting, setActing] = useState<Row | null>(null);
  const confirmDelete = async (role: Row) => {
    const texts = roles.deleteTexts(role);
    const ok = await Dialog.confirm({ title: texts.title, content: texts.content, confirmText: <span className="m-danger">{texts.okText}</span>, cancelText: texts.cancelText });
    if (ok) await roles.remove(role);
  };
  return (
    <div data-testid="m-roles">
      <div className="m-list-note">
        {roles.canEdit ? (
          <Button block color="primary" fill="outline" onClick={roles.openAdd} data-testid="m-role-add">
            {t('roles.add')}
          </Button>
        ) : (
          roles.editDenied
        )}
      </div>
      <MobileQueryState query={roles.roles} isEmpty={(d) => d.list.length === 0} emptyText={t('roles.empty')}>
        {() => (
          <List>
            {roles.rows.map((role) => (
              <List.Item
                key={role.roleId}
                onClick={() => setActing(role)}
                description={role.grants.map((grant) => grant.text).join(' · ')}
                extra={role.membersText}
                data-testid="m-role"
              >
                <span className="m-product-title">{role.label}</span>{' '}
                <Tag fill="outline" color={role.fixed ? 'default' : 'primary'}>
                  {role.kind}
                </Tag>
              </List.Item>
            ))}
          </List>
        )}
      </MobileQueryState>
      <div className="m-list-note">{t('rolesHint')}</div>
      <ActionSheet
        visible={acting !== null}
        onClose={() => setActing(null)}
        extra={acting?.label}
        cancelText={t('common:actions.cancel')}
        actions={
          acting
            ? [
                { key: 'edit', text: t('roles.edit'), disabled: acting.lockedReason !== null, description: acting.lockedReason ?? undefined },
                { key: 'delete', text: t('roles.delete'), danger: true, disabled: acting.lockedReason !== null },
              ]
            : []
        }
        onAction={(action) => {
          const role = acting;
          setActing(null);
          if (!role) return;
          if (action.key === 'edit') roles.openEdit(role);
          else void confirmDelete(role);
        }}
        data-testid="m-role-sheet"
      />
      <RoleSheet roles={roles} />
    </div>
  );
}
