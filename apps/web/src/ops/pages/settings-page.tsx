import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Form, Input, InputNumber, Modal, Tag, Typography } from 'antd';
import { WALLET } from '@shopdesk/shared/constants';
import type { MarketplaceSettings, MarketplaceSettingsAnswer } from '@shopdesk/shared/ops/catalog';
import { QueryState } from '../../components/desktop/query-state.tsx';
import { ChangeHistory } from '../components/change-history.tsx';
import { useFormat } from '../../lib/use-format.ts';
import { errorText } from '../api/error-text.ts';
import { roleAllows, useWhoami } from '../api/ops-auth.ts';
import { useMarketplaceSettings, useSaveSettings } from '../api/shops-api.ts';

/** The form in the units an operator types: USDT and percent (the API keeps cents and basis points). */
interface SettingsForm {
  depositAddresses: Record<string, string>;
  withdrawMin: number;
  withdrawMax: number;
  withdrawFee: number;
  customerServiceUrl: string;
}

const toForm = ({ settings }: MarketplaceSettingsAnswer): SettingsForm => ({
  depositAddresses: Object.fromEntries(WALLET.NETWORKS.map((n) => [n, settings.depositAddresses[n] ?? ''])),
  withdrawMin: settings.withdrawMinCents / 100,
  withdrawMax: settings.withdrawMaxCents / 100,
  withdrawFee: settings.withdrawFeeBp / 100,
  customerServiceUrl: settings.customerServiceUrl,
});

const toBody = (form: SettingsForm): MarketplaceSettings => ({
  depositAddresses: Object.fromEntries(Object.entries(form.depositAddresses).filter(([, a]) => a?.trim()).map(([n, a]) => [n, a.trim()])),
  withdrawMinCents: Math.round(form.withdrawMin * 100),
  withdrawMaxCents: Math.round(form.withdrawMax * 100),
  withdrawFeeBp: Math.round(form.withdrawFee * 100),
  customerServiceUrl: (form.customerServiceUrl ?? '').trim(),
});

/** The marketplace settings: deposit addresses per network, withdrawal limits and fee, customer service; every change audited. */
export function SettingsPage() {
  const { t } = useFormat('ops');
  const settings = useMarketplaceSettings();
  return (
    <Flex vertical gap={16} data-testid="ops-page-settings">
      <Card title={<h1 className="page-title">{t('menu.settings')}</h1>}>
        <QueryState query={settings} testId="ops-settings">
          {(data) => <SettingsEditor answer={data} />}
        </QueryState>
      </Card>
      <ChangeHistory title={t('settings.history')} testId="ops-settings-history" targetType="settings" targetId={0} emptyText={t('settings.noHistory')} />
    </Flex>
  );
}

function SettingsEditor({ answer }: { answer: MarketplaceSettingsAnswer }) {
  const f = useFormat('ops');
  const { t } = f;
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingsForm>();
  const save = useSaveSettings();
  const [pending, setPending] = useState<MarketplaceSettings | null>(null);
  const role = useWhoami().data?.opsRole;
  // Only the super admin changes the settings (modules/ops/catalog-ops-routes.ts `settingsWrite`).
  const canEdit = role !== undefined && roleAllows(role, []);
  const before = toBody(toForm(answer));
  const changed = pending ? (Object.keys(pending) as (keyof MarketplaceSettings)[]).filter((k) => JSON.stringify(pending[k]) !== JSON.stringify(before[k])) : [];
  const show = (key: keyof MarketplaceSettings, s: MarketplaceSettings) => {
    if (key === 'depositAddresses') return WALLET.NETWORKS.map((n) => `${n}: ${s.depositAddresses[n] ?? '—'}`).join(', ');
    if (key === 'withdrawFeeBp') return f.rate(s.withdrawFeeBp);
    if (key === 'customerServiceUrl') return s.customerServiceUrl || '—';
    return f.usdt(s[key]);
  };

  return (
    <>
      {!canEdit && <Alert type="info" showIcon message={t('settings.readOnly')} style={{ marginBottom: 16 }} data-testid="ops-settings-read-only" />}
      <Typography.Paragraph type="secondary" data-testid="ops-settings-source">
        {answer.updateTime ? t('settings.changedAt', { at: f.dateTime(answer.updateTime) }) : t('settings.fromEnvironment')}
      </Typography.Paragraph>
      <Form<SettingsForm> form={form} layout="vertical" initialValues={toForm(answer)} disabled={!canEdit} onFinish={(values) => setPending(toBody(values))} style={{ maxWidth: 640 }}>
        <Typography.Title level={5}>{t('settings.depositAddresses')}</Typography.Title>
        {WALLET.NETWORKS.map((network) => (
          <Form.Item
            key={network}
            name={['depositAddresses', network]}
            label={
              <Flex gap={8} align="center">
                {network}
                {answer.stored.includes('depositAddresses') && <Tag>{t('settings.storedTag')}</Tag>}
              </Flex>
            }
            rules={[{ pattern: /^[A-Za-z0-9]{10,100}$/, message: t('settings.addressInvalid') }]}
          >
            <Input autoComplete="off" data-testid={`ops-settings-address-${network}`} />
          </Form.Item>
        ))}
        <Typography.Title level={5}>{t('settings.withdrawals')}</Typography.Title>
        <Flex gap={16} wrap>
          <Form.Item name="withdrawMin" label={t('settings.withdrawMin')} rules={[{ required: true, type: 'number', min: 0.01, message: t('settings.amountInvalid') }]}>
            <InputNumber min={0.01} precision={2} addonAfter="USDT" style={{ width: 180 }} data-testid="ops-settings-min" />
          </Form.Item>
          <Form.Item
            name="withdrawMax"
            label={t('settings.withdrawMax')}
            dependencies={['withdrawMin']}
            rules={[
              { required: true, type: 'number', min: 0.01, message: t('settings.amountInvalid') },
              ({ getFieldValue }) => ({ validator: (_, value: number) => (value >= Number(getFieldValue('withdrawMin')) ? Promise.resolve() : Promise.reject(new Error(t('settings.rangeInvalid')))) }),
            ]}
          >
            <InputNumber min={0.01} precision={2} addonAfter="USDT" style={{ width: 180 }} data-testid="ops-settings-max" />
          </Form.Item>
          <Form.Item name="withdrawFee" label={t('settings.withdrawFee')} rules={[{ required: true, type: 'number', min: 0, max: 50, message: t('settings.feeInvalid') }]}>
            <InputNumber min={0} max={50} precision={2} addonAfter="%" style={{ width: 140 }} data-testid="ops-settings-fee" />
          </Form.Item>
        </Flex>
        <Typography.Title level={5}>{t('settings.customerService')}</Typography.Title>
        <Form.Item name="customerServiceUrl" label={t('settings.customerServiceUrl')} extra={t('settings.customerServiceHint')} rules={[{ pattern: /^$|^\/[^/\\]|^https?:\/\/\S+$/, message: t('settings.urlInvalid') }]}>
          <Input autoComplete="off" data-testid="ops-settings-url" />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" data-testid="ops-settings-save">
            {t('actions.save')}
          </Button>
        )}
      </Form>
      <Modal
        open={pending !== null}
        title={t('settings.confirmTitle')}
        okText={t('actions.save')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ loading: save.isPending, disabled: changed.length === 0, ...{ 'data-testid': 'ops-settings-confirm' } }}
        onCancel={() => {
          setPending(null);
          save.reset();
        }}
        onOk={() =>
          pending &&
          save.mutate(pending, {
            onSuccess: () => {
              void message.success(t('settings.saved'));
              setPending(null);
            },
          })
        }
        destroyOnHidden
      >
        {save.isError && <Alert type="error" showIcon message={errorText(save.error, t)} style={{ marginBottom: 16 }} data-testid="ops-settings-error" />}
        {changed.length === 0 ? (
          <Typography.Paragraph>{t('settings.nothingChanged')}</Typography.Paragraph>
        ) : (
          <>
            <Typography.Paragraph>{t('settings.confirmText')}</Typography.Paragraph>
            <ul className="ops-changes" data-testid="ops-settings-changes">
              {pending &&
                changed.map((key) => (
                  <li key={key}>
                    <strong>{t(`settings.fields.${key}`)}</strong>: {show(key, before)} → {show(key, pending)}
                  </li>
                ))}
            </ul>
          </>
        )}
      </Modal>
    </>
  );
}
