import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SaveAddressBody } from '@shopdesk/shared/account-security/schemas';
import type { EnrolmentAnswer } from '@shopdesk/shared/two-factor/schemas';
import { notify } from '../../../lib/notifier.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useMe } from '../../auth/api/me.ts';
import { usePermissions } from '../../users/api/permissions.ts';
import { addressesQuery, sessionsQuery, twoFactorQuery, useSecurityActions } from '../api/security-api.ts';

/**
 * The account-security screen on both devices: the second factor (enrol with QR code and key,
 * confirm, recovery codes shown once, turn off, new codes), the shop's requirement (owner), the
 * signed-in devices and the withdrawal address book. desktop/ and mobile/ only render it.
 */
export function useAccountSecurity() {
  const { t } = useFormat('account');
  const me = useMe();
  const twoFactor = useQuery(twoFactorQuery);
  const sessions = useQuery(sessionsQuery);
  const permissions = usePermissions();
  // A member the shop holds back until they enrol may call only the enrolment's routes; the address
  // book is the wallet's, asked of members who may see it.
  const mustEnrol = me.data?.twoFactorRequired === true && me.data.twoFactorEnabled === false;
  const showAddresses = !mustEnrol && permissions.can('wallet:view');
  const addresses = useQuery({ ...addressesQuery, enabled: showAddresses });
  const actions = useSecurityActions();
  const [enrolment, setEnrolment] = useState<EnrolmentAnswer | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(e instanceof Error ? e.message : t('common:http.requestFailed'));
  // Requiring the second factor of every member is users edit; the address book is the wallet's.
  const isAdmin = permissions.can('users:edit');
  const canEditAddresses = permissions.can('wallet:edit');

  return {
    me: me.data,
    isAdmin,
    canEditAddresses,
    showAddresses,
    twoFactor,
    sessions,
    addresses,
    enrolment,
    recoveryCodes,
    error,
    pending: Object.values(actions).some((m) => m.isPending),
    clearError: () => setError(null),
    closeRecoveryCodes: () => setRecoveryCodes(null),
    startEnrolment: () => {
      setError(null);
      actions.enrol.mutate(undefined, { onSuccess: setEnrolment });
    },
    cancelEnrolment: () => setEnrolment(null),
    confirmEnrolment: (code: string, done?: () => void) =>
      actions.confirm.mutate(code, {
        onSuccess: (answer) => {
          done?.();
          setEnrolment(null);
          setRecoveryCodes(answer.recoveryCodes);
          notify.success(t('security.enabled'));
        },
        onError: fail,
      }),
    disable: (code: string, done: () => void) =>
      actions.disable.mutate(code, {
        onSuccess: () => {
          done();
          notify.success(t('security.disabled'));
        },
        onError: fail,
      }),
    regenerate: (code: string, done: () => void) =>
      actions.regenerate.mutate(code, {
        onSuccess: (answer) => {
          done();
          setRecoveryCodes(answer.recoveryCodes);
        },
        onError: fail,
      }),
    setRequired: (required: boolean) => actions.requirement.mutate(required),
    revoke: (id: number) => actions.revoke.mutate(id, { onSuccess: () => notify.success(t('security.signedOut')) }),
    revokeOthers: () => actions.revokeOthers.mutate(undefined, { onSuccess: () => notify.success(t('security.signedOut')) }),
    saveAddress: (body: SaveAddressBody, code: string | undefined, done: () => void) =>
      actions.saveAddress.mutate(
        { body, code },
        {
          onSuccess: () => {
            done();
            notify.success(t('security.addressSaved'));
          },
          onError: fail,
        },
      ),
    removeAddress: (id: number) => actions.removeAddress.mutate(id),
  };
}

