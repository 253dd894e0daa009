import { useRef, useState } from 'react';
import { IdempotencyKeeper } from '../../lib/idempotency.ts';
import { MallApiError } from './client.ts';

/** Whether the server answered (a refusal included): then a retry is a new attempt with a new key. */
export function mallAnswerArrived(error: unknown): boolean {
  return error instanceof MallApiError && error.status !== 0 && error.status < 500;
}

/**
 * A buyer money action (checkout, top-up, cancel): one Idempotency-Key per attempt, reused only
 * when the same request is retried after no answer (lib/idempotency.ts), one request at a time.
 */
export function useMallMoneyAction<B, A>(send: (body: B, idempotencyKey: string) => Promise<A>) {
  const [keeper] = useState(() => new IdempotencyKeeper());
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const run = async (body: B): Promise<A | null> => {
    if (inFlight.current) return null;
    const key = keeper.keyFor(JSON.stringify(body));
    inFlight.current = true;
    setPending(true);
    try {
      const answer = await send(body, key);
      keeper.settle(true);
      return answer;
    } catch (error) {
      keeper.settle(mallAnswerArrived(error));
      throw error;
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };
  return { run, pending };
}
