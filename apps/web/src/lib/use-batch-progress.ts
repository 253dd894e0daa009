import { useRef, useState } from 'react';
import { errorText } from './http.ts';

/** Splits a selection into parts of at most `size` (large batches are sent in parts to show progress). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new Error('chunk size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface BatchProgress {
  done: number;
  total: number;
}

export interface BatchRunOptions<T, R, C> {
  /** How many items go in one request. */
  partSize: number;
  /** Sends one part and answers one result per item. */
  send: (part: T[], context: C) => Promise<R[]>;
  /** The results of a part whose request failed (each item failed with `message`). */
  failed: (part: T[], message: string, context: C) => R[];
  /** The text of a failure that carries none. */
  fallbackText: string;
  /** Runs once every part was sent (refresh the queries the batch changed). */
  settled?: () => unknown;
}

/**
 * A batch sent in parts, one request after the other, with its progress and every item's result:
 * a refused part marks its items failed and the batch goes on. One batch runs at a time.
 */
export function useBatchProgress<T, R, C = void>({ partSize, send, failed, fallbackText, settled }: BatchRunOptions<T, R, C>) {
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [results, setResults] = useState<R[] | null>(null);
  const running = useRef(false);

  /** Sends every item (with `context`, the same for every part); answers every result, or null when a batch is already running. */
  const run = async (items: readonly T[], context: C): Promise<R[] | null> => {
    if (running.current) return null;
    running.current = true;
    const rows: R[] = [];
    setResults(null);
    setProgress({ done: 0, total: items.length });
    try {
      let done = 0;
      for (const part of chunk(items, partSize)) {
        try {
          rows.push(...(await send(part, context)));
        } catch (error) {
          rows.push(...failed(part, errorText(error, fallbackText), context));
        }
        done += part.length;
        setProgress({ done, total: items.length });
      }
      setResults(rows);
      return rows;
    } finally {
      running.current = false;
      void settled?.();
    }
  };

  const reset = () => {
    setProgress(null);
    setResults(null);
  };

  return {
    run,
    reset,
    progress,
    results,
    /** A batch is being sent (the dialog cannot close). */
    busy: progress !== null && results === null,
  };
}
