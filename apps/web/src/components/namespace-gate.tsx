import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Namespace } from '../i18n/i18n.ts';

/**
 * Shows `fallback` until the lazily loaded catalogs of a page have arrived (no raw keys on screen).
 * UI-kit free: each page passes its own kit's loading state.
 */
export function NamespaceGate({ ns, fallback, children }: { ns: Namespace | Namespace[]; fallback: ReactNode; children: ReactNode }) {
  const { ready } = useTranslation(ns);
  return <>{ready ? children : fallback}</>;
}
