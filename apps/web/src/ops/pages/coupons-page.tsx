import { useState } from 'react';
import { Alert, App, Button, DatePicker, Flex, Form, Input, InputNumber, Modal, Select, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { OFFERS } from '@shopdesk/shared/constants';
import { centsToDecimal, parseAmountToCents } from '@shopdesk/shared/money';
import type { CouponBody, CouponState, OpsCoupon } from '@shopdesk/shared/ops/offers';
import { useFormat } from '../../lib/use-format.ts';
import { useCouponChange, useCoupons } from '../api/offers-api.ts';
import { errorText } from '../api/error-text.ts';
import { ChangeHistory } from '../components/change-history.tsx';
import { ListCard } from '../components/list-card.tsx';

interface FormValues {
  title: string;
  kind: 'amount' | 'percent';
  amountOff: string;
  percentOff: number | null;
  cap: string;
  minSpend: string;
  period: [Dayjs, Dayjs];
  perBuyerLimit: number;
}

const STATE_COLOR: Record<CouponState, string | undefined> = { scheduled: 'blue', running: 'green', ended: undefined, retired: undefined };
const TIME_FORMAT = 'YYYY-MM-DD HH:mm';
const cents = (text: string) => parseAmountToCents(String(text ?? '').trim());

function toForm(c: OpsCoupon | null): FormValues {
  if (!c) return { title: '', kind: 'amount', amountOff: '', percentOff: null, cap: '', minSpend: '0', period: [dayjs().startOf('hour'), dayjs().startOf('hour').add(30, 'day')], perBuyerLimit: 1 };
  return {
    title: c.title,
    kind: c.kind,
    amountOff: c.amountOffCents === null ? '' : centsToDecimal(c.amountOffCents),
    percentOff: c.percentOff,
    cap: c.maxDiscountCents === null ? '' : centsToDecimal(c.maxDiscountCents),
    minSpend: centsToDecimal(c.minSpendCents),
    period: [dayjs(c.startsAt), dayjs(c.endsAt)],
    perBuyerLimit: c.perBuyerLimit,
  };
}

function toBody(v: FormValues): CouponBody {
  const amount = v.kind === 'amount';
  return {
    title: v.title,
    kind: v.kind,
    amountOffCents: amount ? cents(v.amountOff) : null,
    percentOff: amount ? null : v.percentOff,
    maxDiscountCents: amount || !String(v.cap ?? '').trim() ? null : cents(v.cap),
    minSpendCents: cents(v.minSpend) ?? -1,
    startsAt: v.period[0].toISOString(),
    endsAt: v.period[1].toISOString(),
    perBuyerLimit: v.perBuyerLimit,
  };
}

/** A positive amount in USDT with at most 2 decimals (empty allowed when `optional`). */
const amountRule = (message: string, optional = false) => ({
  validator: (_: unknown, v: string) => ((optional && !String(v ?? '').trim()) || (cents(v) ?? 0) > 0 ? Promise.resolve() : Promise.reject(new Error(message))),
});

/** The create and edit dialog; a claimed coupon's locked terms are shown but not editable. */
function CouponDialog({ coupon, onClose }: { coupon: OpsCoupon | 'new'; onClose: () => void }) {
  const { t } = useFormat('ops');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const change = useCouponChange();
  const editing = coupon === 'new' ? null : coupon;
  const locked = (editing?.claims ?? 0) > 0;
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? 'amount';
  const submit = (v: FormValues) =>
    change.mutate(
      { id: editing?.id ?? null, body: toBody(v) },
      {
        onSuccess: () => {
          void message.success(t(editing ? 'coupons.saved' : 'coupons.created'));
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={editing ? t('coupons.editTitle', { id: editing.id }) : t('coupons.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={change.isPending}
      okButtonProps={{ 'data-testid': 'coupon-save' } as Record<string, string>}
      width={640}
      destroyOnHidden
    >
      {locked && <Alert type="info" showIcon message={t('coupons.lockedHint', { claims: editing!.claims })} style={{ marginBottom: 16 }} data-testid="coupon-locked" />}
      {change.isError && <Alert type="error" showIcon message={errorText(change.error, t)} style={{ marginBottom: 16 }} data-testid="coupon-error" />}
      <Form<FormValues> form={form} layout="vertical" requiredMark={false} initialValues={toForm(editing)} onFinish={submit}>
        <Form.Item name="title" label={t('coupons.title')} rules={[{ required: true, whitespace: true, max: OFFERS.COUPON_TITLE_MAX, message: t('coupons.titleRequired') }]}>
          <Input data-testid="coupon-title" />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item name="kind" label={t('coupons.kind')} style={{ width: 200 }}>
            <Select disabled={locked} options={(['amount', 'percent'] as const).map((k) => ({ value: k, label: t(`coupons.kinds.${k}`) }))} data-testid="coupon-kind" />
          </Form.Item>
          {kind === 'amount' ? (
            <Form.Item name="amountOff" label={t('coupons.amountOff')} rules={[amountRule(t('coupons.amountInvalid'))]} style={{ width: 180 }}>
              <Input disabled={locked} suffix="USDT" inputMode="decimal" data-testid="coupon-amount" />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="percentOff" label={t('coupons.percentOff')} rules={[{ required: true, type: 'integer', min: 1, max: 99, message: t('coupons.percentInvalid') }]} style={{ width: 140 }}>
                <InputNumber disabled={locked} min={1} max={99} precision={0} suffix="%" style={{ width: '100%' }} data-testid="coupon-percent" />
              </Form.Item>
              <Form.Item name="cap" label={t('coupons.cap')} extra={t('coupons.capHint')} rules={[amountRule(t('coupons.amountInvalid'), true)]} style={{ width: 160 }}>
                <Input disabled={locked} suffix="USDT" inputMode="decimal" data-testid="coupon-cap" />
              </Form.Item>
            </>
          )}
        </Flex>
        <Flex gap={16}>
          <Form.Item name="minSpend" label={t('coupons.minSpend')} rules={[{ validator: (_, v: string) => (cents(v) !== null ? Promise.resolve() : Promise.reject(new Error(t('coupons.minSpendInvalid')))) }]} style={{ width: 200 }}>
            <Input disabled={locked} suffix="USDT" inputMode="decimal" data-testid="coupon-min-spend" />
          </Form.Item>
          <Form.Item name="perBuyerLimit" label={t('coupons.perBuyerLimit')} rules={[{ required: true, type: 'integer', min: 1, max: OFFERS.COUPON_PER_BUYER_MAX, message: t('coupons.limitInvalid') }]} style={{ width: 180 }}>
            <InputNumber min={1} max={OFFERS.COUPON_PER_BUYER_MAX} precision={0} style={{ width: '100%' }} data-testid="coupon-limit" />
          </Form.Item>
        </Flex>
        <Form.Item
          name="period"
          label={t('coupons.period')}
          rules={[{ validator: (_, v: [Dayjs, Dayjs] | null) => (v?.[0] && v[1] && v[1].isAfter(v[0]) ? Promise.resolve() : Promise.reject(new Error(t('coupons.datesInvalid')))) }]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} disabled={[locked, false]} allowClear={false} data-testid="coupon-period" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The mall's coupons: create, change within what claims allow, retire; and their changes. */
export function CouponsPage() {
  const f = useFormat('ops');
  const { t } = f;
  const { modal, message } = App.useApp();
  const list = useCoupons();
  const change = useCouponChange();
  const [editing, setEditing] = useState<OpsCoupon | 'new' | null>(null);
  const discount = (c: OpsCoupon) =>
    c.kind === 'amount' ? f.usdt(c.amountOffCents ?? 0) : c.maxDiscountCents === null ? f.percent(c.percentOff ?? 0) : t('coupons.percentUpTo', { percent: f.percent(c.percentOff ?? 0), cap: f.usdt(c.maxDiscountCents) });
  const retire = (c: OpsCoupon) =>
    modal.confirm({
      title: t('coupons.retireConfirm', { id: c.id }),
      content: t('coupons.retireText'),
      okText: t('coupons.retire'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'coupon-retire-confirm' } as Record<string, string>) },
      cancelText: t('common:actions.cancel'),
      onOk: () => change.mutateAsync({ retire: c.id }).then(() => void message.success(t('coupons.retired', { id: c.id }))),
    });
  return (
    <Flex vertical gap={16} data-testid="ops-page-coupons">
      <Flex justify="space-between" align="start" gap={16}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('menu.coupons')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, maxWidth: 880 }}>
            {t('coupons.intro')}
          </Typography.Paragraph>
        </div>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')} data-testid="coupon-create">
          {t('coupons.create')}
        </Button>
      </Flex>
      {change.isError && !editing && <Alert type="error" showIcon message={errorText(change.error, t)} data-testid="coupon-retire-error" />}
      <ListCard<OpsCoupon>
        title={t('coupons.list')}
        testId="coupons"
        query={list}
        emptyText={t('coupons.empty')}
        columns={[
          { key: 'id', title: '#', dataIndex: 'id' },
          { key: 'title', title: t('coupons.title'), width: 180, render: (_, c) => <span data-testid={`coupon-title-${c.id}`}>{c.title}</span> },
          { key: 'discount', title: t('coupons.discount'), align: 'right', width: 140, render: (_, c) => discount(c) },
          { key: 'minSpend', title: t('coupons.minSpend'), align: 'right', render: (_, c) => f.usdt(c.minSpendCents) },
          {
            key: 'period',
            title: t('coupons.period'),
            // Start over end, and the narrower title, discount and count columns wrapping: the table
            // stays inside the page at 1440 px in the longer languages (vi-VN's action buttons).
            render: (_, c) => (
              <Flex vertical>
                <span>{f.dateTime(c.startsAt)}</span>
                <Typography.Text type="secondary">– {f.dateTime(c.endsAt)}</Typography.Text>
              </Flex>
            ),
          },
          { key: 'limit', title: t('coupons.perBuyerLimit'), align: 'right', width: 96, dataIndex: 'perBuyerLimit' },
          { key: 'claims', title: t('coupons.claims'), align: 'right', width: 96, render: (_, c) => `${c.claims} / ${c.used}` },
          { key: 'state', title: t('coupons.state'), render: (_, c) => <Tag color={STATE_COLOR[c.state]} data-testid={`coupon-state-${c.id}`}>{t(`coupons.states.${c.state}`)}</Tag> },
          {
            key: 'actions',
            title: <span className="sr-only">{t('common:icons.actions')}</span>,
            render: (_, c) => (
              <Flex gap={8}>
                <Button size="small" onClick={() => setEditing(c)} data-testid={`coupon-edit-${c.id}`}>
                  {t('actions.edit')}
                </Button>
                {c.state !== 'retired' && (
                  <Button size="small" danger onClick={() => retire(c)} data-testid={`coupon-retire-${c.id}`}>
                    {t('coupons.retire')}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
      <ChangeHistory title={t('coupons.history')} testId="coupons-history" targetType="coupon" emptyText={t('coupons.noHistory')} withAction />
      {editing && <CouponDialog coupon={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
