import { Skeleton } from 'antd';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { GeneralSettingsForm } from './general-settings-form.tsx';
import '../settings.css';

/** Desktop /settings/index: general settings (SPEC §2). */
export function SystemSettingsPage() {
  return (
    <PageFrame titleKey="systemSettings">
      <NamespaceGate ns={['settings', 'notifications']} fallback={<Skeleton active />}>
        <div className="settings-page" data-testid="system-settings-page">
          <GeneralSettingsForm />
        </div>
      </NamespaceGate>
    </PageFrame>
  );
}
