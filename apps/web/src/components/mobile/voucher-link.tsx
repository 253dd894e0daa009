import { useState } from 'react';
import { ImageViewer, Toast } from './imperative.ts';
import { FileOutline } from 'antd-mobile-icons';
import { errorText } from '../../lib/http.ts';
import { loadVoucher, openInNewTab } from '../../lib/voucher.ts';
import { useTranslation } from 'react-i18next';

/** A payment voucher on the phone: images in the image viewer, PDFs in a new tab. */
export function MobileVoucherLink({ path }: { path: string }) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const open = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const voucher = await loadVoucher(path);
      if (voucher.isImage) ImageViewer.show({ image: voucher.url, afterClose: voucher.release });
      else openInNewTab(voucher);
    } catch (error) {
      Toast.show({ icon: 'fail', content: errorText(error, t('voucher.loadFailed')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="m-link-button"
      onClick={(e) => {
        e.stopPropagation();
        void open();
      }}
      data-testid="m-voucher-link"
    >
      <FileOutline /> {t('voucher.viewFull')}
    </button>
  );
}
