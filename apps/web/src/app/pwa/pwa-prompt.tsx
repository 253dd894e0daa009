import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, dismissOfflineReady, postponeUpdate, useServiceWorkerState } from '../../lib/service-worker.ts';
import { useStaleSince } from '../../lib/offline-answers.ts';
import type { formatDate } from '../../lib/date-format.ts';
import './pwa-prompt.css';

/**
 * The date formatter, loaded once saved data is on screen: every page's start loads this prompt, and
 * the formatter's chunk (with what it shares with the home pages) would cost the phone login 1.2 KB.
 * Until it has loaded, the banner says "offline" without the time.
 */
function useLazyFormatDate(wanted: boolean): typeof formatDate | null {
  const [format, setFormat] = useState<typeof formatDate | null>(null);
  useEffect(() => {
    if (wanted && !format) void import('../../lib/date-format.ts').then((m) => setFormat(() => m.formatDate));
  }, [wanted, format]);
  return format;
}

/** How long the "ready for offline use" note stays. */
const NOTE_MS = 6_000;

/**
 * The worker's messages on both devices, free of either UI kit (it shows on the login pages too,
 * before a kit has loaded): the offline banner (with the time of the saved data it shows), the
 * one-time "ready for offline use" note, and the
 * confirm dialog for a waiting update.
 */
export function PwaPrompt() {
  const { t, i18n } = useTranslation();
  const { offline: browserOffline, offlineReady, updateWaiting } = useServiceWorkerState();
  // Saved answers on screen mean the server could not be reached, whatever the browser reports.
  const staleSince = useStaleSince();
  const offline = browserOffline || staleSince !== null;
  const formatDate = useLazyFormatDate(staleSince !== null);
  useEffect(() => {
    if (!offlineReady) return;
    const timer = window.setTimeout(dismissOfflineReady, NOTE_MS);
    return () => window.clearTimeout(timer);
  }, [offlineReady]);
  return (
    <>
      {offline && (
        <div className="pwa-offline" role="status" data-testid="offline-banner">
          <span className="pwa-dot" aria-hidden="true" />
          {staleSince === null || !formatDate ? t('pwa.offline') : t('pwa.offlineStale', { time: formatDate(new Date(staleSince), i18n.resolvedLanguage ?? i18n.language, 'minute') })}
        </div>
      )}
      {offlineReady && !offline && (
        <div className="pwa-note" role="status" data-testid="offline-ready">
          <span>{t('pwa.offlineReady')}</span>
          <button type="button" className="pwa-note-close" onClick={dismissOfflineReady} aria-label={t('actions.close')}>
            ×
          </button>
        </div>
      )}
      {updateWaiting && (
        <div className="pwa-backdrop">
          <div className="pwa-dialog" role="alertdialog" aria-modal="true" aria-labelledby="pwa-update-title" aria-describedby="pwa-update-body" data-testid="update-prompt">
            <h2 id="pwa-update-title">{t('pwa.updateTitle')}</h2>
            <p id="pwa-update-body">{t('pwa.updateBody')}</p>
            <div className="pwa-actions">
              <button type="button" className="pwa-button" onClick={postponeUpdate} data-testid="update-later">
                {t('pwa.updateLater')}
              </button>
              <button type="button" className="pwa-button pwa-button-primary" onClick={applyUpdate} data-testid="update-confirm" autoFocus>
                {t('pwa.updateConfirm')}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
