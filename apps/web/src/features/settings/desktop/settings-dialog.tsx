import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { GeneralSettingsForm } from './general-settings-form.tsx';

/** The settings dialog of the header (SPEC §2): the same form as /settings/index. */
export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Modal
      open={open}
      title={t('title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common:actions.done')}
        </Button>
      }
      destroyOnHidden
    >
      <GeneralSettingsForm />
    </Modal>
  );
}
