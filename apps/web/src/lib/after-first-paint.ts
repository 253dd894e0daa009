import { startTransition, useEffect, useState } from 'react';

/** The longest a wait for a frame lasts when none comes (a tab opened in the background). */
const FALLBACK_MS = 300;

let painted = false;
let scheduled = false;
const waiting: (() => void)[] = [];

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
 * (app/router/start-answers.ts), so they are not in the way of the first screen's.
 */
export function afterFirstPaint(run: () => void): void {
  if (painted) run();
  else waiting.push(run);
}

function firstRenderCommitted(): void {
  if (scheduled) return;
  scheduled = true;
  afterNextPaint(() => {
    painted = true;
    for (const run of waiting.splice(0)) run();
  });
}

/**
 * How many of a page's `total` parts below the fold to render: none until the page's first render
 * has painted, then one more after each frame. The first screen's render, layout and paint are not
 * held up by content nobody sees yet, and the rest comes in short tasks instead of one long one
 * (issue 12: the homes' Largest Contentful Paint waited for the whole page's render, and its long
 * tasks blocked input). Once the first paint has happened, a later mount (in-app navigation, a
 * language switch) gets every part at once.
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
    afterFirstPaint(next);
    firstRenderCommitted();
    return () => {
      current = false;
    };
  }, [revealed, total]);
  return revealed;
}
