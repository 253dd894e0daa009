import { Image, Spin, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useScreenshot } from '../api/money-api.ts';

/** A deposit's payment screenshot inline: an image opens zoomable, a PDF in the browser's viewer. */
export function Screenshot({ queue, id }: { queue: 'deposits' | 'buyerDeposits'; id: number }) {
  const { t } = useTranslation('ops');
  const shot = useScreenshot(queue, id);
  if (shot === 'loading') return <Spin size="small" />;
  if (shot === 'failed') return <Typography.Text type="secondary">{t('money.screenshotFailed')}</Typography.Text>;
  if (shot.type === 'application/pdf') {
    return (
      <Typography.Link href={shot.url} target="_blank" rel="noreferrer" data-testid={`ops-screenshot-${id}`}>
        <FilePdfOutlined aria-hidden /> {t('money.openPdf')}
      </Typography.Link>
    );
  }
  return <Image className="ops-thumb" src={shot.url} alt={t('money.screenshotAlt', { id })} width={72} height={72} preview={{ mask: t('money.zoom') }} data-testid={`ops-screenshot-${id}`} />;
}
