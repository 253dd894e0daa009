import type { ResponseRate } from '@shopdesk/shared/chat/schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { usePermissions } from '../../users/api/permissions.ts';
import { useResponseRate } from '../../chat/api/chat-api.ts';
import { replyTimeParts } from '../api/reply-time.ts';

/**
 * The shop's chat response card on both devices (the dashboard, the shop health page, the phone's
 * shop home): the share of buyers' questions a person answered within 12 hours over 30 days, the
 * median first reply, and the conversations that missed. Hidden for a role without chat.
 */
export function useResponseRateCard(device: 'desktop' | 'mobile') {
  const f = useFormat('chat');
  const { can } = usePermissions();
  const shown = can('chat:view');
  const query = useResponseRate(shown);
  const replyTime = (seconds: number | null) => {
    if (seconds === null) return '—';
    const parts = replyTimeParts(seconds);
    return f.t(`rate.time.${parts.key}`, parts.values);
  };
  return {
    t: f.t,
    shown,
    query,
    figures: (r: ResponseRate) => ({
      rate: r.rateBp === null ? '—' : f.rate(r.rateBp),
      /** Below 80% reads as a warning, as the marketplaces grade it. */
      low: r.rateBp !== null && r.rateBp < 8000,
      median: replyTime(r.medianFirstReplySeconds),
      missed: r.questions - r.answered,
      hint: f.t('rate.hint', { hours: r.hours, days: r.days }),
      pending: r.pending > 0 ? f.t('rate.pending', { n: r.pending, hours: r.hours }) : null,
    }),
    replyTime,
    dateTime: f.dateTime,
    /** Where a missed conversation opens on this device. */
    conversationPath: (conversationId: number) => (device === 'desktop' ? `/chat?c=${conversationId}` : `/m/chat?c=${conversationId}`),
  };
}

export type ChatResponseCardState = ReturnType<typeof useResponseRateCard>;
