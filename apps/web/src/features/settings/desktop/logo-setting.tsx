import { Avatar, Button, Flex, Modal, Slider, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LogoTarget } from '@shopdesk/shared/shop/schemas';
import { useLogoField } from '../hooks/use-logo-field.ts';

/** Preview, upload (with a square crop) and "use default" for the shop logo or the site logo. */
export function LogoSetting({ target, current, fallback, disabled, testId }: { target: LogoTarget; current: string; fallback: string; disabled?: boolean; testId: string }) {
  const { t } = useTranslation('settings');
  const field = useLogoField(target);
  const { crop } = field;
  return (
    <>
      <Flex align="center" gap={12} wrap data-testid={testId}>
        <Avatar src={current || fallback} size={64} shape="square" alt="" data-testid={`${testId}-preview`} />
        <Upload accept="image/png,image/jpeg,image/webp,image/gif" showUploadList={false} disabled={disabled} beforeUpload={(file) => {
          void field.choose(file);
          return false;
        }}>
          <Button icon={<UploadOutlined aria-hidden />} disabled={disabled} data-testid={`${testId}-upload`}>
            {t('logo.upload')}
          </Button>
        </Upload>
        {current && (
          <Button icon={<DeleteOutlined aria-hidden />} disabled={disabled} loading={field.busy && !crop.isOpen} onClick={() => void field.reset()} data-testid={`${testId}-reset`}>
            {t('logo.reset')}
          </Button>
        )}
      </Flex>
      <Modal
        open={crop.isOpen}
        title={t('logo.cropTitle')}
        onCancel={crop.close}
        onOk={() => void field.confirm()}
        okText={t('logo.cropSave')}
        okButtonProps={{ loading: field.busy, ...({ 'data-testid': `${testId}-crop-save` } as object) }}
        cancelText={t('common:actions.cancel')}
        destroyOnHidden={false}
        width={360}
      >
        <Flex vertical align="center" gap={12}>
          <canvas {...crop.canvasProps} className="logo-crop-canvas" data-testid={`${testId}-crop`} />
          <Typography.Text type="secondary">{t('logo.cropHint', { px: crop.size })}</Typography.Text>
          <Flex align="center" gap={8} style={{ width: '100%' }}>
            <span>{t('logo.zoom')}</span>
            <Slider min={1} max={4} step={0.05} value={crop.zoom} onChange={crop.setZoom} style={{ flex: 1 }} />
          </Flex>
        </Flex>
      </Modal>
    </>
  );
}
