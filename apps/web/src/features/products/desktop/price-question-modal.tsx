import { Modal, Typography, type ButtonProps } from 'antd';
import type { PriceQuestion } from '../hooks/use-price-question.ts';

/** The question before saving a loss or a far-off ratio, with each product's unit profit. */
export function PriceQuestionModal({ question }: { question: PriceQuestion }) {
  const { confirmation } = question;
  return (
    <Modal
      open={confirmation !== null}
      title={confirmation?.title}
      okText={confirmation?.okText}
      cancelText={confirmation?.cancelText}
      okButtonProps={{ danger: true, 'data-testid': 'price-confirm-ok' } as ButtonProps}
      onOk={question.confirm}
      onCancel={question.cancel}
    >
      <div data-testid="price-confirm">
        {confirmation?.lines.map((line) => (
          <Typography.Paragraph key={line} type="danger">
            {line}
          </Typography.Paragraph>
        ))}
      </div>
    </Modal>
  );
}
