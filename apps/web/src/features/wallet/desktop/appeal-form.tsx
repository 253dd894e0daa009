import { Button, Input, Typography } from 'antd';
import { useAppealForm } from '../hooks/use-appeal-form.ts';

/** Under the frozen alert: the appeal's state, and the appeal to send when none waits. */
export function AppealForm({ frozen }: { frozen: boolean }) {
  const appeal = useAppealForm(frozen);
  if (appeal.hidden) return null;
  return (
    <div className="wallet-appeal" data-testid="wallet-appeal">
      {appeal.status && (
        <Typography.Paragraph strong style={{ margin: '8px 0' }} data-testid="wallet-appeal-status">
          {appeal.status}
        </Typography.Paragraph>
      )}
      {appeal.canSend && (
        <>
          <Typography.Text strong>{appeal.title}</Typography.Text>
          <Input.TextArea
            rows={3}
            value={appeal.text}
            maxLength={appeal.max}
            showCount
            placeholder={appeal.placeholder}
            aria-label={appeal.title}
            status={appeal.error ? 'error' : undefined}
            onChange={(e) => appeal.onChange(e.target.value)}
            style={{ margin: '4px 0' }}
            data-testid="wallet-appeal-text"
          />
          {appeal.error && <Typography.Text type="danger" data-testid="wallet-appeal-error">{appeal.error}</Typography.Text>}
          <div>
            <Button type="primary" danger loading={appeal.sending} onClick={appeal.submit} style={{ marginTop: 8 }} data-testid="wallet-appeal-send">
              {appeal.submitText}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
