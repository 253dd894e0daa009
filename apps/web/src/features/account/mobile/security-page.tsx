import { useState } from 'react';
import { Button, DotLoading, Form, Image, Input, List, NoticeBar, Selector, Switch, Tag } from 'antd-mobile';
import { MobileErrorBlock } from '../../../components/mobile/error-block.tsx';
import { WALLET, SECOND_FACTOR_CODE_INPUT } from '@shopdesk/shared/constants';
import type { SaveAddressBody } from '@shopdesk/shared/account-security/schemas';
import { Dialog } from '../../../components/mobile/imperative.ts';
import { MobileFormSheet } from '../../../components/mobile/form-sheet.tsx';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { formatDate } from '../../../lib/date-format.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useAccountSecurity } from '../hooks/use-account-security.ts';

type Sheet = 'enrol' | 'disable' | 'regenerate' | 'address' | null;

/** The account's security on the phone: the same hook as the desktop page, in lists and bottom sheets. */
export function MobileSecurityPage() {
  const { t, locale } = useFormat('account');
  const s = useAccountSecurity();
  const [sheet, setSheet] = useState<Sheet>(null);
  const [codeForm] = Form.useForm<{ code: string }>();
  const [addressForm] = Form.useForm<{ network: string[]; address: string; label?: string; code?: string }>();
  // The recovery codes' sheet has a form of its own: sharing the code form's instance sent the
  // enrolment's submit to that sheet's "done".
  const [codesForm] = Form.useForm();
  const on = s.twoFactor.data?.enabled ?? false;
  const seen = (iso: string) => formatDate(iso, locale, 'minute');
  const close = () => {
    setSheet(null);
    s.cancelEnrolment();
    s.clearError();
  };
  const codeRule = [{ required: true, pattern: SECOND_FACTOR_CODE_INPUT, message: t('security.codeInvalid') }];
  const confirmThen = async (text: string, act: () => void) => {
    if (await Dialog.confirm({ content: text, confirmText: t('common:actions.confirm'), cancelText: t('common:actions.cancel') })) act();
  };

  const onCode = ({ code }: { code: string }) => {
    const trimmed = code.trim();
    if (sheet === 'enrol') s.confirmEnrolment(trimmed, () => setSheet(null));
    else if (sheet === 'disable') s.disable(trimmed, close);
    else s.regenerate(trimmed, close);
  };
  const onAddress = ({ network, code, ...rest }: { network: string[]; address: string; label?: string; code?: string }) =>
    s.saveAddress({ ...rest, network: (network[0] ?? WALLET.NETWORKS[0]) as SaveAddressBody['network'] }, code?.trim(), close);

  if (s.twoFactor.isError || s.sessions.isError || s.addresses.isError) {
    return (
      <MobilePageFrame titleKey="security">
        <MobileErrorBlock status="default" title={t('common:states.loadFailed')} description="" />
      </MobilePageFrame>
    );
  }
  if (s.twoFactor.isPending) {
    return (
      <MobilePageFrame titleKey="security">
        <div className="m-center"><DotLoading /></div>
      </MobilePageFrame>
    );
  }
  return (
    <MobilePageFrame titleKey="security">
      <div data-testid="m-security">
        {s.twoFactor.data?.required && !on && <NoticeBar content={t('security.requiredNotice')} color="alert" wrap data-testid="m-security-required" />}
        <List header={t('security.factorTitle')}>
          <List.Item extra={<Tag color={on ? 'success' : 'default'}>{t(on ? 'security.on' : 'security.off')}</Tag>} description={t('security.factorHint')}>
            {on ? t('security.codesLeft', { count: s.twoFactor.data?.recoveryCodesLeft ?? 0 }) : t('security.factorTitle')}
          </List.Item>
          {!on && (
            <List.Item onClick={() => { s.startEnrolment(); setSheet('enrol'); }} data-testid="m-security-enrol">
              {t('security.enrol')}
            </List.Item>
          )}
          {on && <List.Item onClick={() => setSheet('regenerate')}>{t('security.regenerate')}</List.Item>}
          {on && <List.Item onClick={() => setSheet('disable')}>{t('security.disable')}</List.Item>}
          {s.isAdmin && s.me?.shop && (
            <List.Item extra={<Switch checked={s.twoFactor.data?.required ?? false} disabled={!on} onChange={s.setRequired} />}>{t('security.requireAll')}</List.Item>
          )}
        </List>
        <List header={t('security.sessionsTitle')}>
          {(s.sessions.data ?? []).map((line) => (
            <List.Item
              key={line.id}
              description={t('security.deviceFacts', { ip: line.ip || '—', seen: seen(line.lastSeenAt), since: seen(line.createdAt) })}
              extra={line.current ? <Tag color="primary">{t('security.thisDevice')}</Tag> : <Button size="mini" onClick={() => s.revoke(line.id)}>{t('security.signOut')}</Button>}
            >
              {t('security.device', { browser: line.browser || t('security.unknown'), system: line.system || t('security.unknown') })}
            </List.Item>
          ))}
          <List.Item onClick={() => void confirmThen(t('security.signOutOthersConfirm'), s.revokeOthers)}>{t('security.signOutOthers')}</List.Item>
        </List>
        {s.showAddresses && (
          <List header={t('security.addressesTitle')}>
            {(s.addresses.data ?? []).length === 0 && <List.Item>{t('security.noAddresses')}</List.Item>}
            {(s.addresses.data ?? []).map((line) => (
              <List.Item
                key={line.id}
                description={line.usable ? t('security.usable') : t('security.usableAt', { at: seen(line.usableAt) })}
                extra={s.canEditAddresses && <Button size="mini" color="danger" fill="outline" onClick={() => void confirmThen(t('security.removeConfirm'), () => s.removeAddress(line.id))}>{t('security.remove')}</Button>}
              >
                <span className="wallet-address-text">{line.network} · {line.address}</span>
              </List.Item>
            ))}
            {s.canEditAddresses && <List.Item onClick={() => setSheet('address')}>{t('security.addAddress')}</List.Item>}
          </List>
        )}
      </div>
      <MobileFormSheet
        open={sheet === 'enrol' || sheet === 'disable' || sheet === 'regenerate'}
        onClose={close}
        form={codeForm}
        title={t(sheet === 'disable' ? 'security.disable' : sheet === 'regenerate' ? 'security.regenerate' : 'security.enrol')}
        note={s.error ?? undefined}
        onFinish={onCode}
        submitText={t('security.confirm')}
        submitting={s.pending}
        testId="m-security-code-sheet"
      >
        {sheet === 'enrol' && s.enrolment && (
          <Form.Item description={<>{t('security.manualKey')} <code>{s.enrolment.secret}</code></>}>
            <p>{t('security.scan')}</p>
            <Image src={s.enrolment.qrDataUrl} width={180} alt={t('security.qrAlt')} />
          </Form.Item>
        )}
        <Form.Item name="code" label={t('security.code')} rules={codeRule}>
          <Input autoComplete="one-time-code" data-testid="m-security-code" />
        </Form.Item>
      </MobileFormSheet>
      <MobileFormSheet open={sheet === 'address'} onClose={close} form={addressForm} title={t('security.addAddress')} note={s.error ?? t('security.cooldownNotice', { hours: WALLET.ADDRESS_COOLDOWN_HOURS })} onFinish={onAddress} submitText={t('security.confirm')} submitting={s.pending} testId="m-security-address-sheet">
        <Form.Item name="network" label={t('security.network')} initialValue={[WALLET.NETWORKS[0]]}>
          <Selector columns={3} options={WALLET.NETWORKS.map((n) => ({ value: n, label: n }))} />
        </Form.Item>
        <Form.Item name="address" label={t('security.address')} rules={[{ required: true, pattern: /^\S{10,120}$/, message: t('security.addressInvalid') }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="label" label={t('security.label')}>
          <Input maxLength={40} />
        </Form.Item>
        {on && (
          <Form.Item name="code" label={t('security.code')} rules={codeRule}>
            <Input autoComplete="one-time-code" />
          </Form.Item>
        )}
      </MobileFormSheet>
      <MobileFormSheet open={s.recoveryCodes !== null} onClose={s.closeRecoveryCodes} form={codesForm} title={t('security.codesTitle')} note={t('security.codesHint')} onFinish={s.closeRecoveryCodes} submitText={t('common:actions.done')} submitting={false} testId="m-security-codes">
        <div style={{ padding: '4px 16px' }} data-testid="m-security-recovery-codes">
          {(s.recoveryCodes ?? []).map((code) => <code key={code} style={{ display: 'block' }}>{code}</code>)}
        </div>
      </MobileFormSheet>
    </MobilePageFrame>
  );
}
