import { useTranslation } from 'react-i18next';
import { PATHS } from '../../lib/route-table.ts';
import { MobileNotFound } from './not-found-state.tsx';

/** The page of an unknown phone address: says so, with a link home. */
export function MobileNotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="m-page">
      <MobileNotFound title={t('states.pageNotFound')} description={t('states.pageNotFoundHint')} backText={t('actions.backHome')} backTo={PATHS.mobileHome} testId="m-page-not-found" />
    </div>
  );
}
