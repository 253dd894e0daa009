import { Form, Input } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { AUTH } from '@shopdesk/shared/constants';
import { plainFundPasswordSchema } from '@shopdesk/shared/auth/schemas';
import { digitsOnly, zodRule, type Translate } from '../../lib/form-rules.ts';

const FUND_LENGTH = AUTH.FUND_PASSWORD_LENGTH;

/**
 * The 6-digit fund password form item of the desktop money dialogs (field `fundPassword`):
 * digits only, checked with the shared schema. `label` and `placeholder` are the catalog keys of
 * the calling feature (the placeholder gets `{ length }`).
 */
export function FundPasswordItem({ t, label, placeholder, testId }: { t: Translate; label: string; placeholder: string; testId: string }) {
  return (
    <Form.Item
      name="fundPassword"
      label={t(label)}
      required
      rules={[zodRule(plainFundPasswordSchema, t, { length: FUND_LENGTH })]}
      normalize={(v: unknown) => digitsOnly(v, FUND_LENGTH)}
    >
      <Input.Password
        inputMode="numeric"
        maxLength={FUND_LENGTH}
        autoComplete="off"
        prefix={<SafetyCertificateOutlined aria-hidden />}
        placeholder={t(placeholder, { length: FUND_LENGTH })}
        style={{ maxWidth: 340 }}
        data-testid={testId}
      />
    </Form.Item>
  );
}
