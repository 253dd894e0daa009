import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A QR code of `text` as a PNG data URL (null while it is drawn, or when there is no text). */
export function useQrCode(text: string | undefined, size = 176): string | null {
  const [state, setState] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let live = true;
    QRCode.toDataURL(text, { margin: 1, width: size, errorCorrectionLevel: 'M' }).then(
      (url) => {
        if (live) setState({ text, url });
      },
      () => {
        if (live) setState(null);
      },
    );
    return () => {
      live = false;
    };
  }, [text, size]);
  return text && state?.text === text ? state.url : null;
}
