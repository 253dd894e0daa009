import { SHOP } from '@shopdesk/shared/constants';

export type LogoResult = { ok: true; dataUrl: string } | { ok: false; reason: 'type' | 'size' };

/** SPEC §5 logo rules: an image of at most SHOP.LOGO_MAX_BYTES, read as a data URL. */
export function checkLogo(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!file.type.startsWith('image/')) return 'type';
  if (file.size > SHOP.LOGO_MAX_BYTES) return 'size';
  return null;
}

export function readLogo(file: File): Promise<LogoResult> {
  const problem = checkLogo(file);
  if (problem) return Promise.resolve({ ok: false, reason: problem });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ ok: true, dataUrl: String(reader.result) });
    reader.onerror = () => resolve({ ok: false, reason: 'type' });
    reader.readAsDataURL(file);
  });
}
