import type { ReactNode } from 'react';
import { Modal, type FormInstance } from 'antd';
import { BatchDialogFooter } from './batch-dialog-footer.tsx';

interface MoneyDialogProps {
  open: boolean;
  title: ReactNode;
  width: number;
  /**
   * The flow hook: `pending` (in flight: the dialog stays open and its buttons wait), `ready` (it
   * can be paid now; the submit button is off until then), `answer` (it arrived: only "Done" is left).
   */
  action: { pending: boolean; ready: boolean; answer: unknown };
  /** useFundPasswordForm's answer: the footer closes through it and submits its form. */
  fundForm: { form: FormInstance; close: () => void };
  submitLabel: string;
  /** Prefix of the footer buttons' test ids: `<prefix>-done`, `<prefix>-submit`. */
  testIdPrefix: string;
  children: ReactNode;
}

/**
 * The frame of a desktop money dialog confirmed with the fund password (purchase, package
 * purchase): not closed by its mask while in flight, emptied when hidden, and the footer of a
 * batch (cancel and submit, then done).
 */
export function MoneyDialog({ open, title, width, action, fundForm: { form, close }, submitLabel, testIdPrefix, children }: MoneyDialogProps) {
  const footer = (
    <BatchDialogFooter
      finished={action.answer !== null}
      busy={action.pending}
      submitDisabled={!action.ready}
      submitLabel={submitLabel}
      onClose={close}
      onSubmit={() => form.submit()}
      testIdPrefix={testIdPrefix}
    />
  );
  return (
    <Modal open={open} title={title} onCancel={close} maskClosable={!action.pending} width={width} destroyOnHidden footer={footer}>
      {children}
    </Modal>
  );
}
