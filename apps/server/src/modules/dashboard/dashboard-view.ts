import { DASHBOARD, DASHBOARD_SECTION_PERMISSIONS, DASHBOARD_SECTIONS, type DashboardSectionName, type DashboardSections, type DashboardView } from '@shopdesk/shared/dashboard/schemas';
import { allows, type PermissionMatrix } from '@shopdesk/shared/users/permission-rules';
import type { Db } from '../../db/client.ts';
import { recentActivity } from '../activity-log/activity-log-service.ts';
import { dashboardOrderStats, dashboardOverview, dashboardProducts, dashboardRankings, dashboardToday, dashboardTraffic } from './dashboard-service.ts';
import { marketingTodo } from './marketing-todo.ts';
import { dashboardTodo } from './todo-service.ts';

export interface DashboardViewer {
  shopId: number;
  userId: number;
  permissions: PermissionMatrix | null;
}

type SectionLoaders = { [K in DashboardSectionName]: () => Promise<NonNullable<DashboardSections[K]>> };

/** Each section's loader for this viewer (the view runs those the viewer's role may see; bench:dashboard times each alone). */
export function dashboardSectionLoaders(db: Db, viewer: DashboardViewer, window: number, tzOffset: number, now = new Date()): SectionLoaders {
  const { shopId } = viewer;
  return {
    todo: () => dashboardTodo(db, shopId, marketingTodo, now),
    overview: () => dashboardOverview(db, shopId, viewer.userId),
    today: () => dashboardToday(db, shopId, tzOffset, now),
    traffic: () => dashboardTraffic(db, shopId, window, tzOffset, now),
    orderStats: () => dashboardOrderStats(db, shopId, window, tzOffset, now),
    products: () => dashboardProducts(db, shopId),
    rankings: () => dashboardRankings(db, shopId, window, tzOffset, now),
    recentActivity: () => recentActivity(db, shopId, DASHBOARD.RECENT_ACTIVITY_SIZE),
  };
}

/**
 * Every section of a dashboard view the viewer's role may see, their queries side by side (each
 * section's statements on their own pool connections). A section that fails is null and reported
 * to `onError`; the others still answer.
 */
export async function dashboardViewOf(
  db: Db,
  viewer: DashboardViewer,
  window: number,
  tzOffset: number,
  onError: (section: DashboardSectionName, error: unknown) => void = () => {},
  now = new Date(),
): Promise<DashboardView> {
  const loaders = dashboardSectionLoaders(db, viewer, window, tzOffset, now);
  const shown = DASHBOARD_SECTIONS.filter((name) => allows(viewer.permissions, DASHBOARD_SECTION_PERMISSIONS[name]));
  const answers = await Promise.all(
    shown.map((name) =>
      loaders[name]().catch((error: unknown) => {
        onError(name, error);
        return null;
      }),
    ),
  );
  const sections: Record<string, unknown> = {};
  shown.forEach((name, i) => (sections[name] = answers[i]));
  return { window, sections: sections as DashboardSections };
}
