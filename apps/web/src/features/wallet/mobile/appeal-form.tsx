import { Button, TextArea } from 'antd-mobile';
import { useAppealForm } from '../hooks/use-appeal-form.ts';

/** Under the phone's frozen notice: the appeal's state, and the appeal to send when none waits. */
export function MobileAppealForm({ frozen }: { frozen: boolean }) {
  const appeal = useAppealForm(frozen);
  if (appeal.hidden) return null;
  return (
    <div className="m-appeal" data-testid="m-wallet-appeal">
      {appeal.status && <p className="m-appeal-status" data-testid="m-wallet-appeal-status">{appeal.status}</p>}
      {appeal.canSend && (
        <>
          <label className="m-appeal-title" htmlFor="m-appeal-text">
            {appeal.title}
          </label>
          <TextArea id="m-appeal-text" rows={3} value={appeal.text} maxLength={appeal.max} showCount placeholder={appeal.placeholder} onChange={appeal.onChange} data-testid="m-wallet-appeal-text" />
          {appeal.error && <p className="m-appeal-error" role="alert" data-testid="m-wallet-appeal-error">{appeal.error}</p>}
          <Button block color="danger" size="small" loading={appeal.sending} onClick={appeal.submit} data-testid="m-wallet-appeal-send">
            {appeal.submitText}
          </Button>
        </>
      )}
    </div>
  );
}
