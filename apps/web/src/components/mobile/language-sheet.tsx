import { Picker } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@shopdesk/shared/languages';
import { changeLanguage, isLanguageCode } from '../../i18n/language.ts';
import { currentLanguage } from '../../i18n/i18n.ts';

/** The bottom sheet that picks the interface language (its own chunk: the picker is loaded on first use). */
export function LanguageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <Picker
      visible={open}
      onClose={onClose}
      title={t('language')}
      value={[currentLanguage()]}
      columns={[LANGUAGES.map((l) => ({ label: l.label, value: l.code }))]}
      onConfirm={([value]) => {
        if (isLanguageCode(value)) void changeLanguage(value);
      }}
    />
  );
}
