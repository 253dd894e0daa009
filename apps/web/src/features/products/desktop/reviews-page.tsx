import { useMemo } from 'react';
import type { ButtonProps } from 'antd';
import { Alert, App, Button, Checkbox, Empty, Form, Image, Input, Modal, Rate, Result, Select, Skeleton, Space, Table, Typography, type TableColumnsType } from 'antd';
import type { ReviewView } from '@shopdesk/shared/orders/schemas';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { tablePagination } from '../../../components/desktop/table-pagination.ts';
import { useReviewReply, useReviewsScreen } from '../hooks/use-reviews-screen.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import '../../../styles/list-pages.css';
import { useColumnChooser } from '../../../components/desktop/column-chooser.tsx';

/** Columns behind the chooser (shown by default or not). */
const OPTIONAL_COLUMNS = { nickname: true, createTime: true };

function ReplyDialog({ review, onClose }: { review: ReviewView | null; onClose: () => void }) {
  const { t } = useFormat('products');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reply: string }>();
  const reply = useReviewReply(review, onClose, (text) => {
    void message.success(text);
    form.resetFields();
  });
  const close = () => {
    if (reply.close()) form.resetFields();
  };
  return (
    <Modal
      open={review !== null}
      title={t('reviews.replyTitle')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('reviews.send')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: reply.pending, 'data-testid': 'reply-submit' } as ButtonProps}
      destroyOnHidden
    >
      {review && (
        <div data-testid="reply-dialog">
          <Rate disabled value={review.rating} />
          <Typography.Paragraph className="products-alert">{review.content || t('reviews.noContent')}</Typography.Paragraph>
          <Alert type="info" showIcon className="products-alert" title={t('reviews.once')} />
          <Form form={form} layout="vertical" onFinish={({ reply: text }) => reply.send(text)}>
            <Form.Item
              name="reply"
              label={t('fields.reply')}
              rules={[{ required: true, validator: (_, text: string | undefined) => (reply.problemOf(text) ? Promise.reject(new Error(reply.problemOf(text) ?? '')) : Promise.resolve()) }]}
            >
              <Input.TextArea rows={4} maxLength={reply.maxLength} showCount data-testid="reply-text" />
            </Form.Item>
          </Form>
          {reply.failure && <Alert type="error" showIcon title={reply.failure} data-testid="reply-error" />}
        </div>
      )}
    </Modal>
  );
}

function ReviewsContent() {
  const f = useFormat('products');
  const { t } = f;
  const screen = useReviewsScreen('table');
  const { state, table: reviews, reply: openReply } = screen;

  const columns = useMemo<TableColumnsType<ReviewView>>(
    () => [
      {
        title: t('fields.product'),
        key: 'product',
        width: 240,
        render: (_: unknown, r) => (
          <div className="order-product">
            {/* The name is written beside it: the picture adds nothing to read. */}
            <Image src={r.productImage} alt="" width={40} height={40} className="products-cover" preview={false} />
            <span className="order-product-name" title={r.productName}>
              {r.productName}
            </span>
          </div>
        ),
      },
      { title: t('reviews.nickname'), dataIndex: 'nickname', width: 120, ellipsis: true },
      { title: t('fields.rating'), dataIndex: 'rating', width: 150, render: (v: number) => <Rate disabled value={v} className="products-rate" /> },
      {
        title: t('reviews.content'),
        key: 'content',
        render: (_: unknown, r) => (
          <div>
            <div data-testid="review-content">{r.content || <span className="products-muted">{t('reviews.noContent')}</span>}</div>
            {r.images.length > 0 && (
              <div className="review-images">
                <Image.PreviewGroup>
                  {r.images.map((src, i) => (
                    <Image key={i} src={src} alt={t('reviews.photoAlt', { n: i + 1 })} width={48} height={48} className="products-cover" />
                  ))}
                </Image.PreviewGroup>
              </div>
            )}
            {r.reply && (
              <div className="review-reply" data-testid="review-reply">
                <strong>{t('reviews.merchantReply')}</strong> {r.reply}
              </div>
            )}
          </div>
        ),
      },
      { title: t('reviews.time'), dataIndex: 'createTime', width: 160, render: (v: string) => f.dateTime(v) },
      {
        title: t('list.actions'),
        key: 'actions',
        width: 110,
        fixed: 'right',
        render: (_: unknown, r) =>
          r.reply ? (
            <span className="products-muted">{t('reviews.answered')}</span>
          ) : (
            <Button type="primary" size="small" onClick={() => openReply(r)} data-testid="review-reply-button">
              {t('reviews.reply')}
            </Button>
          ),
      },
    ],
    [f, t, openReply],
  );
  const { tableProps, chooser } = useColumnChooser('reviews', columns, { optional: OPTIONAL_COLUMNS });

  let content;
  if (reviews.isPending) content = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (reviews.isError)
    content = <Result status="warning" subTitle={reviews.error.message} extra={<Button onClick={() => void reviews.refetch()}>{t('common:actions.retry')}</Button>} />;
  else
    content = (
      <Table<ReviewView>
        rowKey="id"
        {...tableProps}
        dataSource={reviews.data.list}
        loading={reviews.isFetching && reviews.isPlaceholderData}
        data-testid="reviews-table"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={screen.emptyText} /> }}
        pagination={tablePagination(state, reviews.data.total, screen.setPage, (total) => t('pagination.total', { total }))}
      />
    );

  return (
    <div className="products-page" data-testid="reviews-page">
      <PageFrame titleKey="reviews">
        <div className="products-toolbar">
          <span>{t('reviews.rating')}</span>
          <Select
            value={state.rating}
            aria-label={t('reviews.rating')}
            onChange={screen.setRating}
            options={screen.ratings.map(({ value, label }) => ({ value, label }))}
            style={{ width: 160 }}
            data-testid="reviews-rating"
          />
          <Checkbox checked={state.unanswered} onChange={(e) => screen.setUnanswered(e.target.checked)} data-testid="reviews-unanswered">
            {t('reviews.unanswered')}
          </Checkbox>
          <Space className="products-toolbar-end">{chooser}</Space>
        </div>
        {content}
      </PageFrame>
      <ReplyDialog review={screen.replying} onClose={screen.closeReply} />
    </div>
  );
}

export function ReviewsPage() {
  return (
    <NamespaceGate ns="products" fallback={<PageFrame titleKey="reviews"><Skeleton active /></PageFrame>}>
      <ReviewsContent />
    </NamespaceGate>
  );
}
