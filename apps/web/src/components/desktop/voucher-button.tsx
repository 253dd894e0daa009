import { useEffect, useState } from 'react';
import { App, Button, Image } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { errorText } from '../../lib/http.ts';
import { loadVoucher, openInNewTab, type LoadedVoucher } from '../../lib/voucher.ts';
import { useTranslation } from 'react-i18next';

/**
 * A payment voucher (deposit screenshot). It needs the session header, so it is fetched as a blob:
 * images open in antd's preview, PDFs in a new tab.
 */
export function VoucherButton({ path }: { path: string }) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  const [image, setImage] = useState<LoadedVoucher | null>(null);
  useEffect(() => () => image?.release(), [image]);

  const open = async () => {
    setLoading(true);
    try {
      const voucher = await loadVoucher(path);
      if (voucher.isImage) setImage(voucher);
      else openInNewTab(voucher);
    } catch (error) {
      void message.error(errorText(error, t('voucher.loadFailed')));
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button type="link" size="small" icon={<PaperClipOutlined aria-hidden />} loading={loading} onClick={() => void open()} data-testid="voucher-link">
        {t('voucher.view')}
      </Button>
      {image && (
        <Image
          src={image.url}
          alt={t('voucher.alt')}
          style={{ display: 'none' }}
          preview={{ open: true, src: image.url, onOpenChange: (open) => !open && setImage(null) }}
        />
      )}
    </>
  );
}
