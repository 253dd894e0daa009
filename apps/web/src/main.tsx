// First: zod must not probe eval under the app's Content-Security-Policy.
import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from './lib/react-dom-client.ts';
import i18next from 'i18next';
import { initI18n } from './i18n/i18n.ts';
import { applyLanguageSideEffects, initialLanguage, languageFromTag } from './i18n/language.ts';
import { configureApp } from './app/configure-app.ts';
import { App } from './app/app.tsx';
import { firstRoute } from './app/router/router.tsx';
import { detectMobile } from './lib/device.ts';
import { hasToken } from './lib/storage.ts';
import { linkStartFiles } from './lib/start-links.ts';
import { yieldToMain } from './lib/yield-to-main.ts';
import { queryClient } from './app/providers/query-client.ts';
import { askLoginAnswers, askStartAnswers } from './app/router/start-answers.ts';
import { showDesktopFrame } from './app/guard/boot-frame.ts';
import './styles/global.css';

/** How long the first render waits for the page's answers once its code is in. */
const ANSWER_WAIT_MS = 1_000;

async function start(): Promise<void> {
  const language = initialLanguage();
  configureApp();
  // The first page's chunks and catalogs load side by side from here (router.tsx firstRoute), and
  // React renders once they are in: the page at once, not shell, root and page one after another.
  // The start runs in short tasks (the entry's evaluation; starting i18next; linking the files; each
  // load), so the page stays responsive while it starts.
  const first = firstRoute(window.location.pathname, window.location.search, detectMobile(), hasToken());
  // A signed-in page's answers in one request, beside its code (app/router/start-answers.ts); on the
  // phone's home those of the cards under the first screen in a second one, once it has painted.
  const startPage = first.answersOf;
  // Part of the entry (~1 KB): the request leaves as soon as the entry runs, not a round trip later.
  // A login page asks for its public settings the same way (a GET: the batch needs a session).
  const answers = startPage ? askStartAnswers(startPage, queryClient).catch(() => null) : first.login ? askLoginAnswers(queryClient).catch(() => null) : null;
  // A desktop page behind the login shows its layout's frame around the spinner until it renders.
  if (startPage && !startPage.phone) showDesktopFrame();
  // The entry's evaluation (every module it holds, React DOM's included) ends here: starting i18next
  // is a task of its own (~15 ms of a slow phone's main thread less in one piece).
  await yieldToMain();
  const sideEffects = applyLanguageSideEffects(language);
  i18next.on('languageChanged', (lng) => {
    const changed = languageFromTag(lng);
    if (changed) void applyLanguageSideEffects(changed);
  });
  const i18n = initI18n(language, first.namespaces);
  // Their files linked a few per task (lib/start-links.ts), before the loads' own preload helper
  // would link them one by one in one task.
  await yieldToMain();
  const { sheets } = await linkStartFiles(first.modules);
  const components: Promise<unknown>[] = [sheets];
  for (const load of first.loads) {
    await yieldToMain();
    // A failed chunk (offline, a new release) is asked for again when the page renders.
    components.push(load().catch(() => undefined));
  }
  await Promise.all([i18n, sideEffects]);
  await Promise.all(components);
  // With the answers in the cache the page renders once, with its figures. They usually arrive
  // before the code; when they are late the page renders its loading states, and its queries
  // take the answers when they come (they do not ask again).
  const seed = answers && (await Promise.race([answers, new Promise<null>((resolve) => setTimeout(() => resolve(null), ANSWER_WAIT_MS))]));
  seed?.();
  const root = createRoot(document.getElementById('root')!);
  // A transition: the first render yields to the browser every few ms instead of one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // The offline-capable worker (SPEC §1/§7), in built apps only, once the page has loaded and the
  // main thread is idle: its install precaches every asset (~450 files), which on a first visit
  // would otherwise compete with the page's own scripts, data and images for the network and CPU.
  if (import.meta.env.PROD) whenLoadedAndIdle(() => void import('./lib/service-worker.ts').then((m) => m.registerServiceWorker()));
}

function whenLoadedAndIdle(run: () => void): void {
  // Safari has no requestIdleCallback.
  const idle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

void start();
