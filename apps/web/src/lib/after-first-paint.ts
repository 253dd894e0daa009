import { startTransition, useEffect, useState } from 'react';

/** The longest the wait lasts when no frame comes (a tab opened in the background). */
const FALLBACK_MS = 300;

let painted = false;
let scheduled = false;
const waiting: (() => void)[] = [];

/**
 * Runs `run` once a page that defers part of itself (useAfterFirstPaint) has painted its first
 * render: at once when that has happened. main.tsx asks here for the answers of that part
 * (app/router/start-answers.ts), so they are not in the way of the first screen's.
 */
export function afterFirstPaint(run: () => void): void {
  if (painted) run();
  else waiting.push(run);
}

/** After the frame that paints the committed render, in a task of its own. */
function scheduleAfterPaint(): void {
  if (scheduled) return;
  scheduled = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    painted = true;
    for (const run of waiting.splice(0)) run();
  };
  const frame = requestAnimationFrame(() => {
    clearTimeout(timer);
    timer = setTimeout(done, 0);
  });
  timer = setTimeout(done, FALLBACK_MS);
}

/**
 * False until the first render of the page that calls it has painted, then true: a page's part
 * below the fold (the phone home's cards under the first screen) renders in a second pass, so the
 * first screen's render, layout and paint are not held up by content nobody sees yet (issue 12: the
 * phone home's Largest Contentful Paint waited for the whole page's render). Once that has
 * happened, every later mount (in-app navigation, a language switch) gets true at once.
 */
export function useAfterFirstPaint(): boolean {
  const [shown, setShown] = useState(painted);
  useEffect(() => {
    if (shown) return;
    let current = true;
    // A transition: the second pass yields to input and paints instead of one long task.
    afterFirstPaint(() => {
      if (current) startTransition(() => setShown(true));
    });
    scheduleAfterPaint();
    return () => {
      current = false;
    };
  }, [shown]);
  return shown;
}
