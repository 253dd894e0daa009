import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@shopdesk/shared/languages';
import { changeLanguage, isLanguageCode } from '../../i18n/language.ts';
import { currentLanguage } from '../../i18n/i18n.ts';

/** Switches the interface language at once, without a reload. */
export function LanguageDropdown() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const label = LANGUAGES.find((l) => l.code === language)?.label;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((l) => ({ key: l.code, label: <span data-testid={`language-${l.code}`}>{l.label}</span> })),
        onClick: ({ key }) => {
          if (isLanguageCode(key)) void changeLanguage(key);
        },
      }}
    >
      {/* The name starts with the visible language name (axe: label-content-name-mismatch). */}
      <Button type="text" icon={<GlobalOutlined aria-hidden />} aria-label={t('languageButton', { language: label })} data-testid="language-switcher">
        <span className="header-language-label">{label}</span>
      </Button>
    </Dropdown>
  );
}
