import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface BatchDialogFooterProps {
  /** Once the batch ran, only "Done" is left. */
  finished: boolean;
  busy: boolean;
  /** The submit button is off (e.g. nothing can be bought yet). */
  submitDisabled?: boolean;
  submitLabel: string;
  onClose: () => void;
  onSubmit: () => void;
  /** Prefix of the buttons' test ids: `<prefix>-done`, `<prefix>-submit`. */
  testIdPrefix: string;
}

/** The footer of a batch dialog: cancel and submit while editing, done after the per-row results. */
export function BatchDialogFooter({ finished, busy, submitDisabled = false, submitLabel, onClose, onSubmit, testIdPrefix }: BatchDialogFooterProps) {
  const { t } = useTranslation('common');
  if (finished) {
    return (
      <Button type="primary" onClick={onClose} data-testid={`${testIdPrefix}-done`}>
        {t('actions.done')}
      </Button>
    );
  }
  return (
    <Space>
      <Button onClick={onClose} disabled={busy}>
        {t('actions.cancel')}
      </Button>
      <Button type="primary" loading={busy} disabled={submitDisabled} onClick={onSubmit} data-testid={`${testIdPrefix}-submit`}>
        {submitLabel}
      </Button>
    </Space>
  );
}
