import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { BatchPath } from '@shopdesk/shared/constants';
import type { BatchAnswerItem } from '@shopdesk/shared/batch/schemas';
import { getKey, http, offerAnswer } from './http.ts';

/** One answer a page needs at once: the GET (as its query asks for it) and the query it fills. */
export interface StartAnswer {
  queryKey: QueryKey;
  path: BatchPath;
  query?: Record<string, string | number>;
}

/** How long an answer nobody took stays on offer: later asks must get a fresh answer. */
const OFFER_MS = 10_000;

const offers = new WeakMap<StartAnswer, { withdraw: () => void }>();

/**
 * Asks for the answers of the first page in one request (POST /api/batch) while its code
 * loads, instead of one request per query after the first render. Until the batch answers, each
 * GET is on offer to `http.get` (a query that starts meanwhile waits for the batch instead of
 * asking again). Resolves, never rejects, with the data of each answer that succeeded; a part that
 * failed (or the whole batch) leaves its query to ask on its own, with its own error handling.
 */
export function requestStartAnswers(answers: readonly StartAnswer[]): Promise<Map<StartAnswer, unknown>> {
  const batch = http.post<BatchAnswerItem[]>('/batch', { requests: answers.map(({ path, query }) => ({ path, query })) }, { silent: true, offlineRead: true });
  const parts = answers.map((answer, i) =>
    batch.then((items) => {
      const item = items[i];
      const body = item?.body as { code?: unknown; data?: unknown } | null | undefined;
      if (item?.status !== 200 || body?.code !== 0) throw new Error(`${answer.path}: ${item?.status}`);
      return body.data;
    }),
  );
  return offerParts(answers, parts);
}

/**
 * A signed-out start's answers (a login page's public settings): `POST /api/batch` needs a session,
 * so each is a GET of its own, asked for as the entry runs rather than after the first render. On
 * offer and resolved as requestStartAnswers's are.
 */
export function requestPublicAnswers(answers: readonly StartAnswer[]): Promise<Map<StartAnswer, unknown>> {
  return offerParts(
    answers,
    answers.map((answer) => http.get(answer.path, answer.query, { silent: true })),
  );
}

/** Puts each answer's part on offer to `http.get` until it settles (and a while after); resolves with the parts that succeeded. */
function offerParts(answers: readonly StartAnswer[], parts: readonly Promise<unknown>[]): Promise<Map<StartAnswer, unknown>> {
  answers.forEach((answer, i) => offers.set(answer, offerAnswer(getKey(answer.path, answer.query), parts[i]!)));
  const settled = Promise.allSettled(parts);
  void settled.then(() => setTimeout(() => answers.forEach((answer) => offers.get(answer)?.withdraw()), OFFER_MS));
  return settled.then((results) => {
    const data = new Map<StartAnswer, unknown>();
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') data.set(answers[i]!, result.value);
    });
    return data;
  });
}

/**
 * Puts the answers that arrived into their queries' cache before the first render, so the page
 * renders once with its data (no loading state, no second render, no request from its queries),
 * and withdraws their offers (their queries read the cache instead).
 */
export function seedStartAnswers(client: QueryClient, data: ReadonlyMap<StartAnswer, unknown>): void {
  for (const [answer, value] of data) {
    client.setQueryData(answer.queryKey, value);
    // Taken by the cache: a later ask of the same GET (a refresh) must not get this answer.
    offers.get(answer)?.withdraw();
  }
}
