import { lazy, Suspense, useState } from 'react';
import List from 'antd-mobile/es/components/list';
import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@shopdesk/shared/languages';
import { currentLanguage } from '../../i18n/i18n.ts';

// The picker (gestures, springs) loads when the sheet first opens, not with the login page.
const LanguageSheet = lazy(() => import('./language-sheet.tsx').then((m) => ({ default: m.LanguageSheet })));

const languageLabel = () => LANGUAGES.find((l) => l.code === currentLanguage())?.label;

/** The sheet, mounted from its first opening on (so it can animate closed). */
function LazySheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LanguageSheet open={open} onClose={onClose} />
    </Suspense>
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
      <LazySheet open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** A compact language button (login page) opening the same picker. */
export function LanguagePickerButton() {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* The name starts with the visible language name (axe: label-content-name-mismatch). */}
      <button type="button" className="m-language-button" onClick={() => setOpen(true)} aria-label={t('common:languageButton', { language: languageLabel() })} data-testid="m-language-button">
        <GlobalOutline aria-hidden /> {languageLabel()}
      </button>
      <LazySheet open={open} onClose={() => setOpen(false)} />
    </>
  );
}
