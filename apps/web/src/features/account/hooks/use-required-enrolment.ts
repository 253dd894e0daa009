import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMe } from '../../auth/api/me.ts';

/**
 * A shop that requires the second factor sends a member without it to the security page, whatever
 * they open, until they turn it on (docs/decisions.md, "Shop members' second factor").
 */
export function useRequiredEnrolment(securityPath: '/account/security' | '/m/security') {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const mustEnrol = me.data?.twoFactorRequired === true && me.data.twoFactorEnabled === false;
  useEffect(() => {
    if (mustEnrol && location.pathname !== securityPath) void navigate(securityPath, { replace: true });
  }, [mustEnrol, location.pathname, securityPath, navigate]);
}
