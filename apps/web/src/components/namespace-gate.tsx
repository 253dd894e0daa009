import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Shows `fallback` until the lazily loaded catalogs of a page have arrived (no raw keys on screen). */
export function NamespaceGate({ ns, fallback, children }: { ns: string[]; fallback: ReactNode; children: ReactNode }) {
  const { ready } = useTranslation(ns);
  return <>{ready ? children : fallback}</>;
}
