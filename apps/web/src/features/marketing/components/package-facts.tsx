import type { PackageOffer } from '@shopdesk/shared/marketing/packages-schemas';
import { usePackageTexts } from '../hooks/use-package-purchase.ts';

/** What a package gives, as a definition list (kit-free: the desktop card and the phone card both show it). */
export function PackageFacts({ offer }: { offer: Pick<PackageOffer, 'validityDays' | 'maxRecommended' | 'guaranteedExposure'> }) {
  const { f } = usePackageTexts();
  const { t } = f;
  return (
    <dl className="pkg-facts">
      <dt>{t('packages.validity')}</dt>
      <dd>{t('packages.perDays', { count: offer.validityDays })}</dd>
      <dt>{t('packages.products')}</dt>
      <dd>{offer.maxRecommended}</dd>
      <dt>{t('packages.exposure')}</dt>
      <dd>{offer.guaranteedExposure.toLocaleString(f.locale)}</dd>
    </dl>
  );
}
