import { useState } from 'react';
import { ImageViewer, Toast } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { errorText } from '../api/wallet-api.ts';
import { loadVoucher, openInNewTab } from '../components/voucher.ts';
import { useWalletFormat } from '../components/use-wallet-format.ts';

/** A payment voucher on the phone: images in the image viewer, PDFs in a new tab. */
export function MobileVoucherLink({ path }: { path: string }) {
  const { t } = useWalletFormat();
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
