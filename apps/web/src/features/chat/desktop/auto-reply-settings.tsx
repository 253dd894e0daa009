import { Alert, Checkbox, Form, Input, Modal, Select, Skeleton, Switch, type ButtonProps } from 'antd';
import type { ChatScreen } from '../hooks/use-chat-screen.ts';

/** The shop's auto-replies (a dialog of the desktop inbox): the greeting, and the off-hours answer with its time zone, days and hours. */
export function AutoReplySettingsDialog({ screen }: { screen: ChatScreen }) {
  const { t, autoReply: a } = screen;
  const form = a.form;
  const status = (field: Parameters<typeof a.error>[0]) => (a.error(field) ? ('error' as const) : undefined);
  return (
    <Modal
      open={a.open}
      title={t('auto.title')}
      okText={t('auto.save')}
      cancelText={t('common:actions.cancel')}
      onOk={a.save}
      onCancel={a.close}
      okButtonProps={{ loading: a.saving, disabled: !form || !a.canEdit, 'data-testid': 'chat-auto-save' } as ButtonProps}
      width={620}
      destroyOnHidden
    >
      {a.query.isError ? (
        <Alert type="error" showIcon title={t('common:states.loadFailed')} />
      ) : !form ? (
        <Skeleton active />
      ) : (
        <Form layout="vertical" disabled={!a.canEdit} data-testid="chat-auto-form" component="div">
          <p className="chat-muted">{t('auto.hint', { hours: 24 })}</p>
          <Form.Item label={t('auto.greeting')} help={a.error('greetingText')} validateStatus={status('greetingText')} htmlFor="chat-auto-greeting">
            <Switch checked={form.greetingEnabled} onChange={(v) => a.set('greetingEnabled', v)} aria-label={t('auto.greetingOn')} data-testid="chat-auto-greeting-on" />
            <Input.TextArea
              id="chat-auto-greeting"
              style={{ marginTop: 8 }}
              value={form.greetingText}
              onChange={(e) => a.set('greetingText', e.target.value)}
              autoSize={{ minRows: 2, maxRows: 5 }}
              showCount
              maxLength={a.max}
              placeholder={t('auto.greetingPlaceholder')}
              data-testid="chat-auto-greeting"
            />
          </Form.Item>
          <Form.Item label={t('auto.offHours')} help={a.error('offHoursText')} validateStatus={status('offHoursText')} htmlFor="chat-auto-off">
            <Switch checked={form.offHoursEnabled} onChange={(v) => a.set('offHoursEnabled', v)} aria-label={t('auto.offHoursOn')} data-testid="chat-auto-off-on" />
            <Input.TextArea
              id="chat-auto-off"
              style={{ marginTop: 8 }}
              value={form.offHoursText}
              onChange={(e) => a.set('offHoursText', e.target.value)}
              autoSize={{ minRows: 2, maxRows: 5 }}
              showCount
              maxLength={a.max}
              placeholder={t('auto.offHoursPlaceholder')}
              data-testid="chat-auto-off"
            />
          </Form.Item>
          <Form.Item label={t('auto.timeZone')} help={a.error('timeZone')} validateStatus={status('timeZone')}>
            <Select
              showSearch
              value={form.timeZone}
              onChange={(v: string) => a.set('timeZone', v)}
              options={a.timeZones.map((z) => ({ value: z, label: z }))}
              aria-label={t('auto.timeZone')}
              data-testid="chat-auto-zone"
            />
          </Form.Item>
          <Form.Item label={t('auto.days')} help={a.error('days')} validateStatus={status('days')}>
            <Checkbox.Group
              value={form.days}
              onChange={(v) => a.set('days', v as number[])}
              options={a.weekdays(screen.locale).map((d) => ({ value: d.day, label: d.label }))}
              aria-label={t('auto.days')}
              data-testid="chat-auto-days"
            />
          </Form.Item>
          <div className="chat-auto-hours">
            <Form.Item label={t('auto.open')} help={a.error('open')} validateStatus={status('open')} htmlFor="chat-auto-open">
              <Input id="chat-auto-open" type="time" value={form.open} onChange={(e) => a.set('open', e.target.value)} data-testid="chat-auto-open" />
            </Form.Item>
            <Form.Item label={t('auto.close')} help={a.error('close') ?? t('auto.closeHint')} validateStatus={status('close')} htmlFor="chat-auto-close">
              <Input id="chat-auto-close" type="time" value={form.close === '24:00' ? '00:00' : form.close} onChange={(e) => a.set('close', e.target.value === '00:00' ? '24:00' : e.target.value)} data-testid="chat-auto-close" />
            </Form.Item>
          </div>
        </Form>
      )}
    </Modal>
  );
}
