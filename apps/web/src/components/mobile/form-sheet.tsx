import type { ReactNode } from 'react';
import { Button, Form, Popup } from 'antd-mobile';

type FormInstance = ReturnType<typeof Form.useForm>[0];

interface MobileFormSheetProps<V> {
  open: boolean;
  onClose: () => void;
  form: FormInstance;
  title: string;
  /** A line under the title (what the form will do). */
  note?: string;
  onFinish: (values: V) => void;
  /** Told of each value the member changes (not of the hook's own fills). */
  onValuesChange?: (changed: Partial<V>, all: V) => void;
  submitText: string;
  submitting: boolean;
  submitColor?: 'primary' | 'danger';
  /** The form's test id; its submit button's is `<testId>-submit`. */
  testId: string;
  children: ReactNode;
}

/**
 * A form in a bottom sheet, the phone's dialog: a title, the fields, and the submit button at the
 * foot. Rendered while closed (forceRender) so the screen's hook can fill the form as it opens.
 */
export function MobileFormSheet<V>({ open, onClose, form, title, note, onFinish, onValuesChange, submitText, submitting, submitColor = 'primary', testId, children }: MobileFormSheetProps<V>) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="m-sheet" showCloseButton forceRender>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => onFinish(values as V)}
        onValuesChange={onValuesChange && ((changed, all) => onValuesChange(changed as Partial<V>, all as V))}
        data-testid={testId}
        footer={
          <Button block type="submit" color={submitColor} size="large" loading={submitting} data-testid={`${testId}-submit`}>
            {submitText}
          </Button>
        }
      >
        <Form.Header>{title}</Form.Header>
        {note && <div className="m-sheet-note">{note}</div>}
        {children}
      </Form>
    </Popup>
  );
}
