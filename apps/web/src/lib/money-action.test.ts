// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './http.ts';
import { moneyFailureOf, useMoneyAction } from './money-action.ts';

const wrongPassword = () => new ApiError('http', 'Wrong payment password. 4 attempts left', { status: 422, code: 1012, errorKey: 'FUND_PASSWORD_WRONG' });

describe('moneyFailureOf', () => {
  it('maps a wrong and a locked fund password, a short balance and anything else', () => {
    expect(moneyFailureOf(wrongPassword(), 'x')).toEqual({ kind: 'fundPassword', locked: false, text: 'Wrong payment password. 4 attempts left' });
    expect(moneyFailureOf(new ApiError('http', 'Locked for 15 minutes', { status: 429, errorKey: 'FUND_PASSWORD_LOCKED' }), 'x')).toEqual({
      kind: 'fundPassword',
      locked: true,
      text: 'Locked for 15 minutes',
    });
    expect(moneyFailureOf(new ApiError('http', 'Insufficient', { status: 422, errorKey: 'INSUFFICIENT_BALANCE' }), 'x').kind).toBe('insufficient');
    expect(moneyFailureOf(new ApiError('network', ''), 'Request failed')).toEqual({ kind: 'other', text: 'Request failed' });
  });
});

describe('useMoneyAction', () => {
  function setup(outcomes: (() => unknown)[]) {
    const keys: string[] = [];
    let settled = 0;
    const hook = renderHook(() =>
      useMoneyAction<{ amount: string }, string>({
        send: async (_body, key) => {
          keys.push(key);
          const next = outcomes.shift();
          const value = next?.();
          if (value instanceof Error) throw value;
          return 'ok';
        },
        settled: () => (settled += 1),
        fallbackText: 'Request failed',
      }),
    );
    return { hook, keys, settledCount: () => settled };
  }

  it('reuses the key when the same body is retried after no answer, and takes a new one after an answer', async () => {
    const { hook, keys, settledCount } = setup([() => new ApiError('network', 'offline'), () => 'ok', () => 'ok']);
    await act(async () => void (await hook.result.current.run({ amount: '10' })));
    const retried = await act(() => hook.result.current.run({ amount: '10' }));
    expect(retried).toEqual({ ok: true, answer: 'ok' });
    await act(async () => void (await hook.result.current.run({ amount: '10' })));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(settledCount()).toBe(3);
  });

  it('takes a new key after a refusal (the server kept its answer) and for a changed body', async () => {
    const { hook, keys } = setup([() => wrongPassword(), () => 'ok', () => 'ok']);
    const refused = await act(() => hook.result.current.run({ amount: '10' }));
    expect(refused).toEqual({ ok: false, failure: { kind: 'fundPassword', locked: false, text: 'Wrong payment password. 4 attempts left' } });
    await act(async () => void (await hook.result.current.run({ amount: '10' })));
    await act(async () => void (await hook.result.current.run({ amount: '11' })));
    expect(new Set(keys).size).toBe(3);
  });

  it('sends one request at a time and shows it in flight', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const hook = renderHook(() => useMoneyAction<number, number>({ send: async (n) => (await gate, n), fallbackText: '' }));
    let first: Promise<unknown> = Promise.resolve();
    act(() => {
      first = hook.result.current.run(1);
    });
    expect(hook.result.current.pending).toBe(true);
    expect(await hook.result.current.run(2)).toBeNull();
    release();
    await act(async () => void (await first));
    expect(hook.result.current.pending).toBe(false);
  });
});
