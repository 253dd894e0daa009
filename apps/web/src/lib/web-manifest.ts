/**
 * The web app manifest (SPEC §1): what makes the app installable on a phone's home screen
 * with the shop icon. vite-plugin-pwa writes it at this address; index.html does not link it
 * (scripts/quiet-head-plugin.ts says why): the worker's registration links it once the page has
 * loaded and is idle.
 */
export const MANIFEST_HREF = '/manifest.webmanifest';

/** Links the manifest into the document's head, once. */
export function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_HREF;
  document.head.append(link);
}
