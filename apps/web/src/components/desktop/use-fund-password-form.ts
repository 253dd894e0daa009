import { Form } from 'antd';
import type { MoneyResult } from '../../lib/money-action.ts';

interface FundPasswordAction<A> {
  pending: boolean;
  reset: () => void;
  submit: (fundPassword: string) => Promise<MoneyResult<A> | null | undefined>;
}

/**
 * The form of a desktop money dialog confirmed with the fund password: `close` (refused while in
 * flight; forgets the answer and the typed password) and `submit` (a refused fund password is
 * cleared and shown at the field; other failures are the action's to show).
 */
export function useFundPasswordForm<A>(action: FundPasswordAction<A>, onClose: () => void) {
  const [form] = Form.useForm<{ fundPassword: string }>();

  const close = () => {
    if (action.pending) return;
    action.reset();
    form.resetFields();
    onClose();
  };

  const submit = async ({ fundPassword }: { fundPassword: string }) => {
    const result = await action.submit(fundPassword);
    if (result && !result.ok && result.failure.kind === 'fundPassword') form.setFields([{ name: 'fundPassword', value: '', errors: [result.failure.text] }]);
  };

  return { form, close, submit };
}
