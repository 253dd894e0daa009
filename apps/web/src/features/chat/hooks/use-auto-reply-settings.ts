import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatSettings } from '@shopdesk/shared/chat/schemas';
import { CHAT } from '@shopdesk/shared/constants';
import { http } from '../../../lib/http.ts';
import { notify } from '../../../lib/notifier.ts';
import { chatKeys } from '../api/chat-keys.ts';
import { autoReplyIssues, fromAutoReplyForm, timeZoneChoices, toAutoReplyForm, type AutoReplyField, type AutoReplyForm } from '../auto-reply-form.ts';

/**
 * The inbox's auto-reply settings (a dialog on the desktop, a sheet on the phone; part of the chat
 * screen's hook): the greeting and the off-hours answer with the shop's time zone, days and hours
 * (GET/POST /api/chat/settings). Problems show at their fields, localized, before any request.
 */
export function useAutoReplySettings(t: (key: string, values?: Record<string, unknown>) => string, canEdit: boolean) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: chatKeys.settings(),
    queryFn: ({ signal }) => http.get<ChatSettings>('/chat/settings', undefined, { signal }),
    enabled: open,
  });
  const [draft, setDraft] = useState<AutoReplyForm | null>(null);
  const [tried, setTried] = useState(false);
  const form = draft ?? (query.data ? toAutoReplyForm(query.data) : null);
  const issues = form ? autoReplyIssues(form) : {};
  const save = useMutation({
    mutationFn: (body: ChatSettings) => http.post<ChatSettings>('/chat/settings', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(chatKeys.settings(), saved);
      setDraft(null);
      setTried(false);
      setOpen(false);
      notify.success(t('auto.saved'));
    },
  });

  const close = () => {
    setOpen(false);
    setDraft(null);
    setTried(false);
  };

  return {
    open,
    show: () => setOpen(true),
    close,
    query,
    form,
    canEdit,
    set: <K extends keyof AutoReplyForm>(key: K, value: AutoReplyForm[K]) => setDraft((now) => ({ ...(now ?? form!), [key]: value })),
    /** A field's problem as a localized text, once the seller tried to save. */
    error: (field: AutoReplyField): string | undefined => (tried && issues[field] ? t(issues[field], { max: CHAT.AUTO_REPLY_MAX }) : undefined),
    timeZones: timeZoneChoices(form?.timeZone ?? ''),
    max: CHAT.AUTO_REPLY_MAX,
    save: () => {
      if (!form || save.isPending) return;
      setTried(true);
      if (Object.keys(issues).length > 0) return;
      save.mutate(fromAutoReplyForm(form));
    },
    saving: save.isPending,
    /** The days of the week, Monday first, named in the seller's language. */
    weekdays: (locale: string) => {
      const fmt = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
      // 2024-01-01 was a Monday.
      return [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, label: fmt.format(new Date(Date.UTC(2024, 0, day))) }));
    },
  };
}
