import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShopUser } from '@shopdesk/shared/users/schemas';
import type { UserFormValues } from '../hooks/use-user-actions.ts';
import { useUserForm } from '../hooks/use-user-forms.ts';
import { graphemeLimit } from '../../../lib/text-limit.ts';

/** Add a user (username, password, name, email, role) or edit one (name, email, role). */
export function UserDialog({
  open,
  editing,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  editing: ShopUser | null;
  saving: boolean;
  onSave: (values: UserFormValues) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<UserFormValues>();
  const user = useUserForm(form, { open, editing, onSave, onClose });
  return (
    <Modal
      open={open}
      title={user.title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={user.submitText}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: saving, ...({ 'data-testid': 'user-dialog-save' } as object) }}
      destroyOnHidden={false}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void user.submit(values)} onValuesChange={user.onValuesChange} data-testid="user-form">
        {user.fields.map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label} rules={field.rules} required={field.required} extra={field.extra}>
            {field.type === 'password' ? (
              <Input.Password maxLength={field.maxLength} autoComplete={field.autoComplete} data-testid={field.testId} />
            ) : (
              <Input type={field.type} count={{ ...graphemeLimit(field.maxLength).count, show: false }} disabled={field.disabled} autoComplete={field.autoComplete} data-testid={field.testId} />
            )}
          </Form.Item>
        ))}
        <Form.Item name="roleId" label={user.role.label} extra={user.role.extra} rules={user.role.rules} required>
          <Radio.Group optionType="button" buttonStyle="solid" options={user.role.options.map((o) => ({ value: o.value, label: <span data-testid={`user-role-${o.key}`}>{o.label}</span> }))} />
        </Form.Item>
        {user.code && (
          <Form.Item name="code" label={user.code.label} extra={user.code.extra} rules={user.code.rules} required>
            <Input autoComplete="one-time-code" maxLength={20} data-testid={user.code.testId} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
