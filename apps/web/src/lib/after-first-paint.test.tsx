// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';

afterEach(cleanup);

type Module = typeof import('./after-first-paint.ts');
let mod: Module;

beforeEach(async () => {
  // The module remembers whether the app has painted: a fresh copy per test.
  vi.resetModules();
  mod = await import('./after-first-paint.ts');
});

function Page({ log }: { log: string[] }) {
  const revealed = mod.useRevealedParts(3);
  log.push(`render ${revealed}`);
  return (
    <ul>
      {['traffic', 'orders', 'wallet'].slice(0, revealed).map((part) => (
        <li key={part}>{part}</li>
      ))}
    </ul>
  );
}

const parts = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('useRevealedParts', () => {
  it('renders no part in the first render, then one per frame, after what waits for the first paint', async () => {
    const log: string[] = [];
    mod.afterFirstPaint(() => log.push('second batch'));
    render(<Page log={log} />);
    expect(parts()).toEqual([]);
    expect(log).toEqual(['render 0']);
    await waitFor(() => expect(parts()).toEqual(['traffic', 'orders', 'wallet']));
    // Each count once, in order, and the waiting work (the second batch) before the first part.
    expect([...new Set(log)]).toEqual(['render 0', 'second batch', 'render 1', 'render 2', 'render 3']);
  });

  it('holds the parts back until the work started at the first paint (their answers) has settled', async () => {
    const log: string[] = [];
    let answer: () => void = () => undefined;
    mod.afterFirstPaint(() => new Promise<void>((resolve) => (answer = resolve)).then(() => log.push('answers in')));
    render(<Page log={log} />);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(parts()).toEqual([]);
    answer();
    await waitFor(() => expect(parts()).toHaveLength(3));
    expect([...new Set(log)]).toEqual(['render 0', 'answers in', 'render 1', 'render 2', 'render 3']);
  });

  it('shows every part at once in a mount after the first paint, and runs later waiting work at once', async () => {
    const first: string[] = [];
    const { unmount } = render(<Page log={first} />);
    await waitFor(() => expect(parts()).toHaveLength(3));
    unmount();
    const later: string[] = [];
    render(<Page log={later} />);
    expect(later[0]).toBe('render 3');
    expect(parts()).toEqual(['traffic', 'orders', 'wallet']);
    let ran = false;
    mod.afterFirstPaint(() => (ran = true));
    expect(ran).toBe(true);
  });

  it('stops revealing when the page goes away before its parts are in', async () => {
    const log: string[] = [];
    const { unmount } = render(<Page log={log} />);
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(log).toEqual(['render 0']);
  });
});

function Chart({ name, log }: { name: string; log: string[] }) {
  const turn = mod.useTurnAfterPaint();
  useEffect(() => {
    if (turn) log.push(`${name} drawn`);
  }, [turn, name, log]);
  return <li>{turn ? `${name} chart` : `${name} space`}</li>;
}

/** Logs each frame the page gets (happy-dom runs requestAnimationFrame's callbacks on a timer). */
function logFrames(log: string[]) {
  const original = window.requestAnimationFrame.bind(window);
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) =>
    original((time) => {
      log.push('frame');
      callback(time);
    }),
  );
}

describe('useTurnAfterPaint', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives the mounted parts their turn one per frame, in order, each after a paint', async () => {
    const log: string[] = [];
    logFrames(log);
    render(
      <ul>
        <Chart name="traffic" log={log} />
        <Chart name="orders" log={log} />
      </ul>,
    );
    expect(parts()).toEqual(['traffic space', 'orders space']);
    await waitFor(() => expect(parts()).toEqual(['traffic chart', 'orders chart']));
    // A frame before each, and each in a render of its own.
    expect(log).toEqual(['frame', 'traffic drawn', 'frame', 'orders drawn']);
  });

  it('skips a part that went away before its turn, and keeps the next one going', async () => {
    const log: string[] = [];
    const { rerender } = render(
      <ul>
        <Chart key="traffic" name="traffic" log={log} />
        <Chart key="orders" name="orders" log={log} />
        <Chart key="wallet" name="wallet" log={log} />
      </ul>,
    );
    rerender(
      <ul>
        <Chart key="traffic" name="traffic" log={log} />
        <Chart key="wallet" name="wallet" log={log} />
      </ul>,
    );
    await waitFor(() => expect(parts()).toEqual(['traffic chart', 'wallet chart']));
    expect(log).toEqual(['traffic drawn', 'wallet drawn']);
  });
});
