import { useMemo, useState } from 'react';
import type { ButtonProps } from 'antd';
import { Alert, App, Button, Checkbox, Empty, Form, Image, Input, Modal, Rate, Result, Select, Skeleton, Space, Table, Typography, type TableColumnsType } from 'antd';
import { REVIEWS } from '@shopdesk/shared/constants';
import type { ReviewView } from '@shopdesk/shared/orders/schemas';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { tablePagination } from '../../../components/desktop/table-pagination.ts';
import { useReplyReview, useReviews } from '../api/products-api.ts';
import { parseReviewsSearch } from '../reviews-search.ts';
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
  const reply = useReplyReview();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    if (reply.isPending) return;
    form.resetFields();
    setFailure(null);
    onClose();
  };
  return (
    <Modal
      open={review !== null}
      title={t('reviews.replyTitle')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('reviews.send')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: reply.isPending, 'data-testid': 'reply-submit' } as ButtonProps}
      destroyOnHidden
    >
      {review && (
        <div data-testid="reply-dialog">
          <Rate disabled value={review.rating} />
          <Typography.Paragraph className="products-alert">{review.content || t('reviews.noContent')}</Typography.Paragraph>
          <Alert type="info" showIcon className="products-alert" title={t('reviews.once')} />
          <Form
            form={form}
            layout="vertical"
            onFinish={({ reply: text }) =>
              reply.mutate(
                { id: review.id, reply: text.trim() },
                {
                  onSuccess: () => {
                    void message.success(t('reviews.replied'));
                    form.resetFields();
                    onClose();
                  },
                  onError: (error) => setFailure(error.message),
                },
              )
            }
          >
            <Form.Item name="reply" label={t('fields.reply')} rules={[{ required: true, whitespace: true, message: t('reviews.replyRequired') }]}>
              <Input.TextArea rows={4} maxLength={REVIEWS.REPLY_MAX} showCount data-testid="reply-text" />
            </Form.Item>
          </Form>
          {failure && <Alert type="error" showIcon title={failure} data-testid="reply-error" />}
        </div>
      )}
    </Modal>
  );
}

function ReviewsContent() {
  const f = useFormat('products');
  const { t } = f;
  const [state, update] = useSearchState(parseReviewsSearch);
  const reviews = useReviews({ page: state.page, pageSize: state.pageSize, rating: state.rating, unanswered: state.unanswered || undefined });
  const [replying, setReplying] = useState<ReviewView | null>(null);

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
            <Button type="primary" size="small" onClick={() => setReplying(r)} data-testid="review-reply-button">
              {t('reviews.reply')}
            </Button>
          ),
      },
    ],
    [f, t],
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
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reviews.empty')} /> }}
        pagination={tablePagination(state, reviews.data.total, (page, pageSize) => update({ page, pageSize }), (total) => t('pagination.total', { total }))}
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
            onChange={(rating: 'all' | number) => update({ rating: rating === 'all' ? undefined : rating })}
            options={[
              { value: 'all', label: t('reviews.allRatings') },
              ...[5, 4, 3, 2, 1].map((n) => ({ value: n, label: t('reviews.stars', { count: n }) })),
            ]}
            style={{ width: 160 }}
            data-testid="reviews-rating"
          />
          <Checkbox checked={state.unanswered} onChange={(e) => update({ unanswered: e.target.checked ? '1' : undefined })} data-testid="reviews-unanswered">
            {t('reviews.unanswered')}
          </Checkbox>
          <Space className="products-toolbar-end">{chooser}</Space>
        </div>
        {content}
      </PageFrame>
      <ReplyDialog review={replying} onClose={() => setReplying(null)} />
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
