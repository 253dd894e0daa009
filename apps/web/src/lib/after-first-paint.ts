import { startTransition, useEffect, useState } from 'react';

/** The longest a wait for a frame lasts when none comes (a tab opened in the background). */
const FALLBACK_MS = 300;

/** The longest the parts below the fold wait for the work started at the first paint (their answers). */
const WORK_WAIT_MS = 1_000;

let painted = false;
let firstPaintWork: Promise<void> | undefined;
const waiting: (() => unknown)[] = [];

/** Runs `run` in a task of its own after the next frame has painted; returns what cancels it. */
function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    clearTimeout(timer);
    timer = setTimeout(run, 0);
  });
  timer = setTimeout(() => {
    cancelAnimationFrame(frame);
    run();
  }, FALLBACK_MS);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Runs `run` once a page that defers part of itself (useRevealedParts) has painted its first
 * render: at once when that has happened. main.tsx asks here for the answers of that part
 * (app/router/start-answers.ts), so they are not in the way of the first screen's; what `run`
 * returns (a promise) holds the deferred part back until it settles, for at most a second, so the
 * part renders once, with its answers, instead of its loading states and then again.
 */
export function afterFirstPaint(run: () => unknown): void {
  if (painted) void run();
  else waiting.push(run);
}

/** Resolves after the first paint, once the work waiting for it has settled (at most WORK_WAIT_MS). */
function whenFirstPaintWorkSettled(): Promise<void> {
  return (firstPaintWork ??= new Promise<void>((resolve) => {
    afterNextPaint(() => {
      painted = true;
      // Started at once; a failure (or a throw) only ends the wait for it.
      const work = waiting.splice(0).map((run) => new Promise((settle) => settle(run())).catch(() => undefined));
      void Promise.race([Promise.all(work), new Promise((later) => setTimeout(later, WORK_WAIT_MS))]).then(() => resolve());
    });
  }));
}

/**
 * How many of a page's `total` parts below the fold to render: none until the page's first render
 * has painted (and the work started then, their answers, has settled), then one more after each
 * frame. The first screen's render, layout and paint are not held up by content nobody sees yet,
 * and the rest comes in short tasks instead of one long one (the homes' Largest
 * Contentful Paint waited for the whole page's render, and its long tasks blocked input). Once the
 * first paint has happened, a later mount (in-app navigation, a language switch) gets every part
 * at once.
 */
export function useRevealedParts(total: number): number {
  const [revealed, setRevealed] = useState(painted ? total : 0);
  useEffect(() => {
    if (revealed >= total) return;
    let current = true;
    // A transition: each part's render yields to input.
    const next = () => {
      if (current) startTransition(() => setRevealed((count) => Math.min(total, count + 1)));
    };
    if (revealed > 0) {
      const cancel = afterNextPaint(next);
      return () => {
        current = false;
        cancel();
      };
    }
    void whenFirstPaintWorkSettled().then(next);
    return () => {
      current = false;
    };
  }, [revealed, total]);
  return revealed;
}

interface Turn {
  take(): void;
}
/** The turn under way: its part has been told, or will be after the next paint, and has not yet rendered. */
let turn: Turn | null = null;
const waitingTurns: Turn[] = [];

function startNextTurn(): void {
  const next = waitingTurns.shift() ?? null;
  turn = next;
  if (next) afterNextPaint(() => next.take());
}

/**
 * False until this component's turn, then true for good. Turns come one at a time, in the order
 * the components mounted, each after a paint that follows the previous part's render: a part whose
 * set-up is heavy (a chart's first drawing, ~60 ms on a slow machine) gets a task of its own
 * instead of sharing one with the render that mounted it and with the next such part (long
 * tasks block input and count as Total Blocking Time).
 */
export function useTurnAfterPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    let current = true;
    const entry: Turn = {
      take: () => {
        if (current) setReady(true);
      },
    };
    waitingTurns.push(entry);
    if (turn === null) startNextTurn();
    // Runs once the part has rendered with its turn (the effect's dependency changed), or when it
    // goes away: either way the next part's turn comes after the next paint.
    return () => {
      current = false;
      const waiting = waitingTurns.indexOf(entry);
      if (waiting >= 0) waitingTurns.splice(waiting, 1);
      else if (turn === entry) startNextTurn();
    };
  }, [ready]);
  return ready;
}
