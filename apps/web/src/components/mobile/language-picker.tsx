import { useState } from 'react';
import { List, Picker } from 'antd-mobile';
import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@shopdesk/shared/languages';
import { changeLanguage, isLanguageCode } from '../../i18n/language.ts';
import { currentLanguage } from '../../i18n/i18n.ts';

const languageLabel = () => LANGUAGES.find((l) => l.code === currentLanguage())?.label;

function LanguageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
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

/** A profile list entry that picks the interface language, applied at once. */
export function LanguagePickerItem() {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  return (
    <>
      <List.Item prefix={<GlobalOutline />} extra={languageLabel()} onClick={() => setOpen(true)} data-testid="m-language">
        {t('language')}
      </List.Item>
      <LanguageSheet open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** A compact language button (login page) opening the same picker. */
export function LanguagePickerButton() {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="m-language-button" onClick={() => setOpen(true)} aria-label={t('language')} data-testid="m-language-button">
        <GlobalOutline /> {languageLabel()}
      </button>
      <LanguageSheet open={open} onClose={() => setOpen(false)} />
    </>
  );
}
