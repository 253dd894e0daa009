/**
 * The web app manifests (SPEC §1): what makes an app installable on a phone's home screen with the
 * shop icon. The seller app's is written by vite-plugin-pwa at MANIFEST_HREF; the mall's
 * (public/mall.webmanifest) starts at /mall with the mall's scope, so a buyer who installs the mall
 * gets the mall, not the seller login. index.html links neither (scripts/quiet-head-plugin.ts says
 * why): the worker's registration links the one of the page's app once the page has loaded and is
 * idle, and the mall's root points that link at its own manifest while it is shown.
 */
export const MANIFEST_HREF = '/manifest.webmanifest';
export const MALL_MANIFEST_HREF = '/mall.webmanifest';

/** The manifest of the app a path belongs to. */
export function manifestHrefFor(pathname: string): string {
  return /^\/mall(\/|$)/.test(pathname) ? MALL_MANIFEST_HREF : MANIFEST_HREF;
}

function manifestLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
}

/** Links the manifest of the current page's app into the document's head, once. */
export function linkManifest(): void {
  if (manifestLink()) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = manifestHrefFor(window.location.pathname);
  document.head.append(link);
}

/** Points an existing manifest link at the current page's app (moving between the mall and the seller app). */
export function relinkManifest(): void {
  const link = manifestLink();
  const href = manifestHrefFor(window.location.pathname);
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}
