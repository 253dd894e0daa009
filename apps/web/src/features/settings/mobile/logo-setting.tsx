import { useRef } from 'react';
import { Button, Popup, Slider } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { LogoTarget } from '@shopdesk/shared/shop/schemas';
import { useLogoField } from '../hooks/use-logo-field.ts';

/** The logo on the phone: preview, choose a picture, crop it square in a bottom sheet, or use the default. */
export function MobileLogoSetting({ target, current, fallback, disabled, testId }: { target: LogoTarget; current: string; fallback: string; disabled?: boolean; testId: string }) {
  const { t } = useTranslation('settings');
  const field = useLogoField(target);
  const { crop } = field;
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="m-logo-row" data-testid={testId}>
      <img src={current || fallback} alt="" data-testid={`${testId}-preview`} />
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void field.choose(file);
        }}
        data-testid={`${testId}-file`}
      />
      <Button size="small" color="primary" fill="outline" disabled={disabled} onClick={() => input.current?.click()} data-testid={`${testId}-upload`}>
        {t('logo.upload')}
      </Button>
      {current && (
        <Button size="small" fill="none" disabled={disabled} loading={field.busy && !crop.isOpen} onClick={() => void field.reset()}>
          {t('logo.reset')}
        </Button>
      )}
      <Popup visible={crop.isOpen} onMaskClick={crop.close} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }} forceRender>
        <div className="m-crop">
          <strong>{t('logo.cropTitle')}</strong>
          <canvas {...crop.canvasProps} className="logo-crop-canvas" data-testid={`${testId}-crop`} />
          <span className="m-hint">{t('logo.cropHint', { px: crop.size })}</span>
          <Slider className="m-crop-slider" min={1} max={4} step={0.05} value={crop.zoom} onChange={(v) => crop.setZoom(Array.isArray(v) ? v[0] : v)} />
          <Button block color="primary" size="large" loading={field.busy} onClick={() => void field.confirm()} data-testid={`${testId}-crop-save`}>
            {t('logo.cropSave')}
          </Button>
          <Button block fill="none" onClick={crop.close}>
            {t('common:actions.cancel')}
          </Button>
        </div>
      </Popup>
    </div>
  );
}
