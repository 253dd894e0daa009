/**
 * What a shop member may do, per area of the back office, each none / view / edit (docs/decisions.md,
 * "Staff roles and permissions"). Refunds and reviews are two areas, so that customer service can
 * answer reviews while only reading refunds.
 */
export const PERMISSION_AREAS = ['orders', 'products', 'refunds', 'reviews', 'chat', 'marketing', 'wallet', 'reports', 'settings', 'users'] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];
export const PERMISSION_LEVELS = ['none', 'view', 'edit'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];
export type PermissionMatrix = Record<PermissionArea, PermissionLevel>;

/** What a route needs: an area at a level, or only to be a signed-in member of the shop (own account, notifications). */
export type Permission = `${PermissionArea}:${Exclude<PermissionLevel, 'none'>}` | 'member';

const RANK: Record<PermissionLevel, number> = { none: 0, view: 1, edit: 2 };

export function parsePermission(permission: Permission): { area: PermissionArea; level: 'view' | 'edit' } | null {
  if (permission === 'member') return null;
  const [area, level] = permission.split(':') as [PermissionArea, 'view' | 'edit'];
  return { area, level };
}

/** Whether a member with `matrix` may do what `permission` names ("edit" includes "view"). */
export function allows(matrix: PermissionMatrix | null | undefined, permission: Permission): boolean {
  const need = parsePermission(permission);
  if (!need) return matrix != null;
  return RANK[matrix?.[need.area] ?? 'none'] >= RANK[need.level];
}

const all = (level: PermissionLevel): PermissionMatrix => Object.fromEntries(PERMISSION_AREAS.map((a) => [a, level])) as PermissionMatrix;
const only = (levels: Partial<PermissionMatrix>): PermissionMatrix => ({ ...all('none'), ...levels });

/** A matrix that allows nothing: the start of a new role. */
export const NO_PERMISSIONS: PermissionMatrix = all('none');

/**
 * The roles every shop has. `owner` can do everything and is the only role that grants or takes
 * the owner role; a shop always keeps one active owner. Their matrices are fixed here, not stored,
 * so they cannot be edited.
 */
export const DEFAULT_ROLES = {
  owner: all('edit'),
  admin: all('edit'),
  operations: only({ orders: 'edit', products: 'edit', refunds: 'edit', reviews: 'edit' }),
  finance: only({ wallet: 'edit', reports: 'edit' }),
  customer_service: only({ chat: 'edit', refunds: 'view', reviews: 'edit' }),
} as const satisfies Record<string, PermissionMatrix>;
export type DefaultRoleKey = keyof typeof DEFAULT_ROLES;
export const DEFAULT_ROLE_KEYS = Object.keys(DEFAULT_ROLES) as DefaultRoleKey[];

/** A role's matrix: a default role's from the code above, a shop's own from its stored matrix (missing areas are none). */
export function roleMatrix(key: DefaultRoleKey | null, stored: Partial<PermissionMatrix> | null): PermissionMatrix {
  if (key) return DEFAULT_ROLES[key];
  return Object.fromEntries(PERMISSION_AREAS.map((area) => [area, stored?.[area] ?? 'none'])) as PermissionMatrix;
}
