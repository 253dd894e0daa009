import { useEffect, useMemo, useRef } from 'react';
import { Toast } from '../../../components/mobile/imperative.ts';
import { CloseCircleFill, FileOutline, PictureOutline } from 'antd-mobile-icons';
import { checkScreenshotFile, SCREENSHOT_ACCEPT, SCREENSHOT_MAX_MB } from '../../../lib/screenshot-file.ts';
import { useFormat } from '../../../lib/use-format.ts';

/**
 * The payment screenshot on the phone: a native file input (antd-mobile's ImageUploader takes
 * images only, and a PDF is allowed), checked for type and size before it is kept.
 */
export function ScreenshotPicker({ value, onChange }: { value?: File | null; onChange?: (file: File | null) => void }) {
  const { t } = useFormat('wallet');
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (value && value.type.startsWith('image/') ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const issue = checkScreenshotFile(file);
    if (issue) {
      Toast.show({ icon: 'fail', content: t(`file.${issue}`, { max: SCREENSHOT_MAX_MB }) });
      return;
    }
    onChange?.(file);
  };

  return (
    <div className="m-screenshot">
      <input
        ref={input}
        type="file"
        accept={SCREENSHOT_ACCEPT}
        hidden
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
        data-testid="m-deposit-file"
      />
      {value ? (
        <div className="m-screenshot-chosen">
          {preview ? <img src={preview} alt={value.name} className="m-screenshot-thumb" /> : <FileOutline className="m-screenshot-file-icon" />}
          <span className="m-screenshot-name">{value.name}</span>
          <button type="button" className="m-icon-button m-screenshot-remove" onClick={() => onChange?.(null)} aria-label={t('actions.remove')}>
            <CloseCircleFill />
          </button>
        </div>
      ) : (
        <button type="button" className="m-screenshot-add" onClick={() => input.current?.click()} data-testid="m-deposit-pick">
          <PictureOutline />
          <span>{t('actions.chooseFile')}</span>
        </button>
      )}
    </div>
  );
}
