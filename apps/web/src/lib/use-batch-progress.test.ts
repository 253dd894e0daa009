// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chunk, useBatchProgress } from './use-batch-progress.ts';

describe('chunk', () => {
  it('splits a selection into parts of at most the size', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 20)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow();
  });
});

describe('useBatchProgress', () => {
  it('sends the parts one after the other, marks a refused part failed and goes on', async () => {
    const sent: number[][] = [];
    const seen: (string | null)[] = [];
    let settled = 0;
    const hook = renderHook(() =>
      useBatchProgress<number, { id: number; ok: boolean; msg?: string }, string>({
        partSize: 2,
        send: async (part, tag) => {
          sent.push(part);
          seen.push(tag);
          if (part.includes(3)) throw new Error('refused');
          return part.map((id) => ({ id, ok: true }));
        },
        failed: (part, msg) => part.map((id) => ({ id, ok: false, msg })),
        fallbackText: 'Request failed',
        settled: () => (settled += 1),
      }),
    );
    const rows = await act(() => hook.result.current.run([1, 2, 3, 4, 5], 'edit'));
    expect(sent).toEqual([[1, 2], [3, 4], [5]]);
    expect(seen).toEqual(['edit', 'edit', 'edit']);
    expect(rows).toEqual([
      { id: 1, ok: true },
      { id: 2, ok: true },
      { id: 3, ok: false, msg: 'refused' },
      { id: 4, ok: false, msg: 'refused' },
      { id: 5, ok: true },
    ]);
    expect(hook.result.current.progress).toEqual({ done: 5, total: 5 });
    expect(hook.result.current.results).toEqual(rows);
    expect(hook.result.current.busy).toBe(false);
    expect(settled).toBe(1);
    act(() => hook.result.current.reset());
    expect(hook.result.current.progress).toBeNull();
  });
});
