import { siteSettingsStore } from '../../../lib/site-settings.ts';
import { useSiteName } from '../../../features/settings/api/use-site-name.ts';
import { SiteMark } from '../../../components/site-mark.tsx';

/** Site logo and name at the top of the sidebar. */
export function SiteBrand({ collapsed }: { collapsed: boolean }) {
  const settings = siteSettingsStore.use();
  const name = useSiteName();
  return (
    <div className="site-brand" data-testid="site-brand">
      {settings.logo ? <img src={settings.logo} alt="" width={32} height={32} /> : <SiteMark size={32} />}
      {!collapsed && <span className="site-brand-name">{name}</span>}
    </div>
  );
}
