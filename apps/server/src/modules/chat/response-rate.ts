import { sql } from 'drizzle-orm';
import { CHAT } from '@shopdesk/shared/constants';
import type { ResponseRate } from '@shopdesk/shared/chat/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql-text.ts';

interface AskedRow {
  conversation_id: number | string;
  buyer_id: number;
  nickname: string;
  asked_at: Date | string;
  replied_at: Date | string | null;
  now: Date | string;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The shop's chat response over the last RESPONSE_DAYS days (docs/decisions.md, "Chat"): per
 * conversation, the buyer's first message in the window is a question; it is answered when a
 * person of the shop (an auto-reply does not count) writes within RESPONSE_HOURS after it. A
 * question younger than that without an answer is pending, not missed. The median first-reply
 * time is over the questions answered at all.
 */
export async function responseRate(db: DbOrTx, shopId: number): Promise<ResponseRate> {
  const rows = rowsOf<AskedRow>(
    await db.execute(sql`
      with asked as (
        select conversation_id, min(created_at) as asked_at
        from chat_messages
        where shop_id = ${shopId} and sender = 'buyer' and created_at >= now() - make_interval(days => ${CHAT.RESPONSE_DAYS})
        group by conversation_id
      )
      select a.conversation_id, c.buyer_id, b.nickname, a.asked_at, now() as now,
        (select min(r.created_at) from chat_messages r
          where r.conversation_id = a.conversation_id and r.sender = 'seller' and r.auto is null and r.created_at >= a.asked_at) as replied_at
      from asked a
      join chat_conversations c on c.id = a.conversation_id
      join buyers b on b.id = c.buyer_id
      order by a.asked_at desc, a.conversation_id desc`),
  );
  const limitMs = CHAT.RESPONSE_HOURS * 3_600_000;
  let answered = 0;
  let pending = 0;
  const replySeconds: number[] = [];
  const missed: ResponseRate['missed'] = [];
  for (const row of rows) {
    const asked = toDate(row.asked_at);
    const replied = row.replied_at === null ? null : toDate(row.replied_at);
    const now = toDate(row.now);
    if (replied) replySeconds.push(Math.round((replied.getTime() - asked.getTime()) / 1000));
    if (replied && replied.getTime() - asked.getTime() <= limitMs) answered += 1;
    else if (!replied && now.getTime() - asked.getTime() < limitMs) pending += 1;
    else if (missed.length < CHAT.MISSED_LIST_MAX)
      missed.push({
        conversationId: Number(row.conversation_id),
        buyer: { id: Number(row.buyer_id), nickname: row.nickname },
        askedAt: asked.toISOString(),
        repliedAt: replied?.toISOString() ?? null,
      });
  }
  const questions = rows.length - pending;
  replySeconds.sort((a, b) => a - b);
  const mid = replySeconds.length >> 1;
  const median = replySeconds.length === 0 ? null : replySeconds.length % 2 ? replySeconds[mid] : Math.round((replySeconds[mid - 1] + replySeconds[mid]) / 2);
  return {
    days: CHAT.RESPONSE_DAYS,
    hours: CHAT.RESPONSE_HOURS,
    questions,
    answered,
    rateBp: questions === 0 ? null : Math.round((answered * 10_000) / questions),
    medianFirstReplySeconds: median,
    pending,
    missed,
  };
}
