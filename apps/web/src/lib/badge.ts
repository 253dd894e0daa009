import { UI } from '@shopdesk/shared/constants';

/** A badge text capped at UI.BADGE_MAX ("99+"); nothing for zero or less. */
export function formatBadge(count: number | null | undefined): string | undefined {
  if (!count || count <= 0) return undefined;
  return count > UI.BADGE_MAX ? `${UI.BADGE_MAX}+` : String(count);
}
