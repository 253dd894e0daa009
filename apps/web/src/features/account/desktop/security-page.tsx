import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Image, Input, List, Modal, Popconfirm, Segmented, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { WALLET, SECOND_FACTOR_CODE_INPUT } from '@shopdesk/shared/constants';
import type { SaveAddressBody } from '@shopdesk/shared/account-security/schemas';
import { formatDate } from '../../../lib/date-format.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useAccountSecurity } from '../hooks/use-account-security.ts';


/** Asks a code (authenticator or recovery) for one action, in a small dialog. */
function CodeDialog({ open, title, pending, onOk, onClose }: { open: boolean; title: string; pending: boolean; onOk: (code: string) => void; onClose: () => void }) {
  const { t } = useFormat('account');
  const [form] = Form.useForm<{ code: string }>();
  return (
    <Modal open={open} title={title} onCancel={onClose} onOk={() => form.submit()} confirmLoading={pending} destroyOnHidden okButtonProps={{ 'data-testid': 'security-code-ok' } as Record<string, string>}>
      <Form form={form} layout="vertical" onFinish={(v) => onOk(v.code.trim())}>
        <Form.Item name="code" label={t('security.code')} rules={[{ required: true, pattern: SECOND_FACTOR_CODE_INPUT, message: t('security.codeInvalid') }]}>
          <Input autoComplete="one-time-code" autoFocus data-testid="security-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The account's security on the desktop: second factor, signed-in devices, withdrawal address book. */
export function SecurityPage() {
  const { t, locale } = useFormat('account');
  const s = useAccountSecurity();
  const [ask, setAsk] = useState<'disable' | 'regenerate' | null>(null);
  const [adding, setAdding] = useState(false);
  const [addForm] = Form.useForm<SaveAddressBody & { code?: string }>();
  const [codeForm] = Form.useForm<{ code: string }>();
  const factorOn = s.twoFactor.data?.enabled ?? false;
  const when = (iso: string) => formatDate(iso, locale, 'minute');

  const factorCard = (
    <Card title={t('security.factorTitle')} data-testid="security-factor">
      {s.twoFactor.isPending ? (
        <Skeleton active />
      ) : s.twoFactor.isError ? (
        <Alert type="error" showIcon title={t('common:http.requestFailed')} />
      ) : s.enrolment ? (
        <Space orientation="vertical" size="middle" data-testid="security-enrolment">
          <Typography.Text>{t('security.scan')}</Typography.Text>
          <Image src={s.enrolment.qrDataUrl} width={200} preview={false} alt={t('security.qrAlt')} />
          <Typography.Text>
            {t('security.manualKey')} <Typography.Text code copyable data-testid="security-secret">{s.enrolment.secret}</Typography.Text>
          </Typography.Text>
          <Form form={codeForm} layout="inline" onFinish={(v) => s.confirmEnrolment(v.code.trim())}>
            <Form.Item name="code" label={t('security.code')} rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('security.codeInvalid') }]}>
              <Input autoComplete="one-time-code" data-testid="security-enrol-code" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={s.pending} data-testid="security-enrol-confirm">{t('security.confirm')}</Button>
            <Button onClick={s.cancelEnrolment}>{t('common:actions.cancel')}</Button>
          </Form>
        </Space>
      ) : (
        <Space orientation="vertical" size="middle">
          <Space>
            <Tag color={factorOn ? 'green' : 'default'} data-testid="security-factor-state">{t(factorOn ? 'security.on' : 'security.off')}</Tag>
            {factorOn && <Typography.Text type="secondary">{t('security.codesLeft', { count: s.twoFactor.data?.recoveryCodesLeft ?? 0 })}</Typography.Text>}
          </Space>
          <Typography.Paragraph type="secondary">{t('security.factorHint')}</Typography.Paragraph>
          {s.twoFactor.data?.required && !factorOn && <Alert type="warning" showIcon title={t('security.requiredNotice')} data-testid="security-required" />}
          <Space>
            {!factorOn && <Button type="primary" onClick={s.startEnrolment} loading={s.pending} data-testid="security-enrol">{t('security.enrol')}</Button>}
            {factorOn && <Button onClick={() => setAsk('regenerate')} data-testid="security-regenerate">{t('security.regenerate')}</Button>}
            {factorOn && <Button danger onClick={() => setAsk('disable')} data-testid="security-disable">{t('security.disable')}</Button>}
          </Space>
          {s.me?.shop && s.isAdmin && (
            <Space>
              <Switch checked={s.twoFactor.data?.required ?? false} disabled={!factorOn} onChange={s.setRequired} aria-label={t('security.requireAll')} data-testid="security-require" />
              <Typography.Text>{t('security.requireAll')}</Typography.Text>
            </Space>
          )}
        </Space>
      )}
      {s.error && <Alert type="error" showIcon closable onClose={s.clearError} title={s.error} className="wallet-alert" data-testid="security-error" />}
    </Card>
  );

  const sessionsCard = (
    <Card
      title={t('security.sessionsTitle')}
      extra={<Popconfirm title={t('security.signOutOthersConfirm')} onConfirm={s.revokeOthers}><Button data-testid="security-sign-out-others">{t('security.signOutOthers')}</Button></Popconfirm>}
      data-testid="security-sessions"
    >
      {s.sessions.isError ? (
        <Alert type="error" showIcon title={t('common:http.requestFailed')} />
      ) : (
        <List
          loading={s.sessions.isPending}
          dataSource={s.sessions.data ?? []}
          locale={{ emptyText: <Empty description={t('security.noSessions')} /> }}
          renderItem={(line) => (
            <List.Item actions={line.current ? [<Tag key="this" color="blue">{t('security.thisDevice')}</Tag>] : [<Button key="out" size="small" onClick={() => s.revoke(line.id)}>{t('security.signOut')}</Button>]}>
              <List.Item.Meta
                title={t('security.device', { browser: line.browser || t('security.unknown'), system: line.system || t('security.unknown') })}
                description={t('security.deviceFacts', { ip: line.ip || '—', seen: when(line.lastSeenAt), since: when(line.createdAt) })}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );

  const addressesCard = (
    <Card title={t('security.addressesTitle')} extra={s.canEditAddresses && <Button type="primary" onClick={() => setAdding(true)} data-testid="security-add-address">{t('security.addAddress')}</Button>} data-testid="security-addresses">
      <Typography.Paragraph type="secondary">{t('security.addressesHint')}</Typography.Paragraph>
      {s.addresses.isError ? (
        <Alert type="error" showIcon title={t('common:http.requestFailed')} />
      ) : (
        <List
          loading={s.addresses.isPending}
          dataSource={s.addresses.data ?? []}
          locale={{ emptyText: <Empty description={t('security.noAddresses')} /> }}
          renderItem={(line) => (
            <List.Item
              actions={s.canEditAddresses ? [<Popconfirm key="rm" title={t('security.removeConfirm')} onConfirm={() => s.removeAddress(line.id)}><Button size="small" danger>{t('security.remove')}</Button></Popconfirm>] : []}
            >
              <List.Item.Meta
                title={<Space><Tag>{line.network}</Tag><Typography.Text className="wallet-address-text">{line.address}</Typography.Text>{line.label && <Typography.Text type="secondary">{line.label}</Typography.Text>}</Space>}
                description={line.usable ? t('security.usable') : t('security.usableAt', { at: when(line.usableAt) })}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="security-page">
      {factorCard}
      {sessionsCard}
      {s.showAddresses && addressesCard}
      <CodeDialog
        open={ask !== null}
        title={t(ask === 'disable' ? 'security.disable' : 'security.regenerate')}
        pending={s.pending}
        onClose={() => setAsk(null)}
        onOk={(code) => (ask === 'disable' ? s.disable(code, () => setAsk(null)) : s.regenerate(code, () => setAsk(null)))}
      />
      <Modal open={s.recoveryCodes !== null} title={t('security.codesTitle')} onOk={s.closeRecoveryCodes} onCancel={s.closeRecoveryCodes} cancelButtonProps={{ hidden: true }} okButtonProps={{ 'data-testid': 'security-codes-done' } as Record<string, string>}>
        <Typography.Paragraph>{t('security.codesHint')}</Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: (s.recoveryCodes ?? []).join('\n') }}>
          <span data-testid="security-recovery-codes">{(s.recoveryCodes ?? []).map((code) => <code key={code} style={{ display: 'block' }}>{code}</code>)}</span>
        </Typography.Paragraph>
      </Modal>
      <Modal open={adding} title={t('security.addAddress')} onCancel={() => setAdding(false)} onOk={() => addForm.submit()} confirmLoading={s.pending} destroyOnHidden>
        <Form
          form={addForm}
          layout="vertical"
          initialValues={{ network: WALLET.NETWORKS[0] }}
          onFinish={({ code, ...body }) => s.saveAddress(body, code?.trim(), () => setAdding(false))}
        >
          <Form.Item name="network" label={t('security.network')}>
            <Segmented block aria-label={t('security.network')} options={WALLET.NETWORKS.map((n) => ({ value: n, label: n }))} />
          </Form.Item>
          <Form.Item name="address" label={t('security.address')} rules={[{ required: true, pattern: /^\S{10,120}$/, message: t('security.addressInvalid') }]}>
            <Input autoComplete="off" spellCheck={false} data-testid="security-address" />
          </Form.Item>
          <Form.Item name="label" label={t('security.label')}>
            <Input maxLength={40} />
          </Form.Item>
          {factorOn && (
            <Form.Item name="code" label={t('security.code')} rules={[{ required: true, pattern: SECOND_FACTOR_CODE_INPUT, message: t('security.codeInvalid') }]}>
              <Input autoComplete="one-time-code" data-testid="security-address-code" />
            </Form.Item>
          )}
          <Alert type="info" showIcon title={t('security.cooldownNotice', { hours: WALLET.ADDRESS_COOLDOWN_HOURS })} />
        </Form>
      </Modal>
    </Space>
  );
}
