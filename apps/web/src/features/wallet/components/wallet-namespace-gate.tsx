import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The `wallet` catalog loads lazily on the first wallet page: until it has arrived, show the
 * page's loading state rather than raw keys.
 */
export function WalletNamespaceGate({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { ready } = useTranslation('wallet');
  return <>{ready ? children : fallback}</>;
}
