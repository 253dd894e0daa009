import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, dismissOfflineReady, postponeUpdate, useServiceWorkerState } from '../../lib/service-worker.ts';
import './pwa-prompt.css';

/** How long the "ready for offline use" note stays. */
const NOTE_MS = 6_000;

/**
 * The worker's messages on both devices, free of either UI kit (it shows on the login pages too,
 * before a kit has loaded): the offline banner, the one-time "ready for offline use" note, and the
 * confirm dialog for a waiting update.
 */
export function PwaPrompt() {
  const { t } = useTranslation();
  const { offline, offlineReady, updateWaiting } = useServiceWorkerState();
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
          {t('pwa.offline')}
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
