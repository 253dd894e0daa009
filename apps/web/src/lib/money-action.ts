import { useCallback, useRef, useState } from 'react';
import { ApiError, answerArrived, errorText } from './http.ts';
import { IdempotencyKeeper } from './idempotency.ts';

/**
 * Why a money action was refused, as the dialogs and sheets show it:
 * - `fundPassword`: a wrong fund password (the server's text says how many attempts are left) or,
 *   with `locked`, too many of them; the form clears the password and shows the text at it;
 * - `insufficient`: the available balance does not cover it (offer a recharge);
 * - `other`: anything else, shown as it is.
 */
export type MoneyFailure =
  | { kind: 'fundPassword'; locked: boolean; text: string }
  | { kind: 'insufficient'; text: string }
  | { kind: 'other'; text: string };

export function moneyFailureOf(error: unknown, fallbackText: string): MoneyFailure {
  const text = errorText(error, fallbackText);
  const key = error instanceof ApiError ? error.errorKey : null;
  if (key === 'FUND_PASSWORD_WRONG' || key === 'FUND_PASSWORD_LOCKED') return { kind: 'fundPassword', locked: key === 'FUND_PASSWORD_LOCKED', text };
  if (key === 'INSUFFICIENT_BALANCE') return { kind: 'insufficient', text };
  return { kind: 'other', text };
}

export type MoneyResult<A> = { ok: true; answer: A } | { ok: false; failure: MoneyFailure };

export interface MoneyActionOptions<B, A> {
  /** Sends the request with its Idempotency-Key. */
  send: (body: B, idempotencyKey: string) => Promise<A>;
  /** What identifies "the same request" for a retry; the JSON of the body by default. */
  fingerprint?: (body: B) => string;
  /** Runs once the request ended, answered or not (refresh the queries money moved). */
  settled?: () => unknown;
  /** The text of a failure that carries none. */
  fallbackText: string;
}

/**
 * The lifecycle every money action shares: one Idempotency-Key per request body (reused when the
 * same body is retried after no answer, new after a settled answer or a changed body), one request
 * in flight at a time, and the refusal mapped to a `MoneyFailure`. The flow hooks
 * (`features/<domain>/hooks/use-*-action.ts`) build on it; the dialogs and sheets only render.
 */
export function useMoneyAction<B, A>({ send, fingerprint = (body) => JSON.stringify(body), settled, fallbackText }: MoneyActionOptions<B, A>) {
  const [keeper] = useState(() => new IdempotencyKeeper());
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);

  /** Sends `body`; answers null when another request of this action is still in flight. */
  const run = async (body: B): Promise<MoneyResult<A> | null> => {
    if (inFlight.current) return null;
    const idempotencyKey = keeper.keyFor(fingerprint(body));
    inFlight.current = true;
    setPending(true);
    try {
      const answer = await send(body, idempotencyKey);
      keeper.settle(true);
      return { ok: true, answer };
    } catch (error) {
      keeper.settle(answerArrived(error));
      return { ok: false, failure: moneyFailureOf(error, fallbackText) };
    } finally {
      inFlight.current = false;
      setPending(false);
      void settled?.();
    }
  };

  /** Forgets the key (the dialog closed): the next submission is a new request. */
  const reset = useCallback(() => keeper.reset(), [keeper]);

  return { run, reset, pending };
}
