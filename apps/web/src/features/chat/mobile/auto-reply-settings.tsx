import { Button, Popup, Selector, Skeleton, Switch, TextArea } from 'antd-mobile';
import type { ReactNode } from 'react';
import type { AutoReplyField } from '../auto-reply-form.ts';
import type { ChatScreen } from '../hooks/use-chat-screen.ts';

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="m-chat-auto-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {(error ?? hint) && (
        <span className={error ? 'm-chat-auto-error' : 'chat-muted'} role={error ? 'alert' : undefined}>
          {error ?? hint}
        </span>
      )}
    </div>
  );
}

/** The shop's auto-replies on the phone: a sheet with the greeting, the off-hours answer, time zone, days and hours. */
export function MobileAutoReplySettings({ screen }: { screen: ChatScreen }) {
  const { t, autoReply: a } = screen;
  const form = a.form;
  const err = (field: AutoReplyField) => a.error(field);
  return (
    <Popup visible={a.open} onMaskClick={a.close} onClose={a.close} showCloseButton bodyClassName="chat-page m-chat-sheet" destroyOnClose>
      <h2>{t('auto.title')}</h2>
      {a.query.isError ? (
        <p className="chat-muted">{t('common:states.loadFailed')}</p>
      ) : !form ? (
        <Skeleton.Paragraph animated />
      ) : (
        <div data-testid="m-chat-auto-form">
          <p className="chat-muted">{t('auto.hint', { hours: 24 })}</p>
          <Field id="m-chat-auto-greeting" label={t('auto.greeting')} error={err('greetingText')}>
            <Switch checked={form.greetingEnabled} onChange={(v) => a.set('greetingEnabled', v)} disabled={!a.canEdit} aria-label={t('auto.greetingOn')} />
            <TextArea
              id="m-chat-auto-greeting"
              value={form.greetingText}
              onChange={(v) => a.set('greetingText', v)}
              autoSize={{ minRows: 2, maxRows: 5 }}
              showCount
              maxLength={a.max}
              placeholder={t('auto.greetingPlaceholder')}
              disabled={!a.canEdit}
            />
          </Field>
          <Field id="m-chat-auto-off" label={t('auto.offHours')} error={err('offHoursText')}>
            <Switch checked={form.offHoursEnabled} onChange={(v) => a.set('offHoursEnabled', v)} disabled={!a.canEdit} aria-label={t('auto.offHoursOn')} />
            <TextArea
              id="m-chat-auto-off"
              value={form.offHoursText}
              onChange={(v) => a.set('offHoursText', v)}
              autoSize={{ minRows: 2, maxRows: 5 }}
              showCount
              maxLength={a.max}
              placeholder={t('auto.offHoursPlaceholder')}
              disabled={!a.canEdit}
            />
          </Field>
          <Field id="m-chat-auto-zone" label={t('auto.timeZone')} error={err('timeZone')}>
            <select id="m-chat-auto-zone" className="m-chat-auto-input" value={form.timeZone} onChange={(e) => a.set('timeZone', e.target.value)} disabled={!a.canEdit}>
              {a.timeZones.map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          </Field>
          <Field id="m-chat-auto-days" label={t('auto.days')} error={err('days')}>
            <div id="m-chat-auto-days" role="group" aria-label={t('auto.days')}>
              <Selector
                multiple
                columns={4}
                value={form.days}
                onChange={(v) => a.set('days', v)}
                options={a.weekdays(screen.locale).map((d) => ({ value: d.day, label: d.label }))}
                disabled={!a.canEdit}
              />
            </div>
          </Field>
          <div className="chat-auto-hours">
            <Field id="m-chat-auto-open" label={t('auto.open')} error={err('open')}>
              <input id="m-chat-auto-open" className="m-chat-auto-input" type="time" value={form.open} onChange={(e) => a.set('open', e.target.value)} disabled={!a.canEdit} />
            </Field>
            <Field id="m-chat-auto-close" label={t('auto.close')} error={err('close')} hint={t('auto.closeHint')}>
              <input
                id="m-chat-auto-close"
                className="m-chat-auto-input"
                type="time"
                value={form.close === '24:00' ? '00:00' : form.close}
                onChange={(e) => a.set('close', e.target.value === '00:00' ? '24:00' : e.target.value)}
                disabled={!a.canEdit}
              />
            </Field>
          </div>
          <Button block color="primary" loading={a.saving} disabled={!a.canEdit} onClick={a.save} data-testid="m-chat-auto-save">
            {t('auto.save')}
          </Button>
        </div>
      )}
    </Popup>
  );
}
