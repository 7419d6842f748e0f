/**
 * The QR code of a text as an SVG data URL (no markup injected into the page). The QR library is
 * downloaded on first use only.
 */
import { useEffect, useState } from 'react';

export function useQrCode(text: string | undefined): string | null {
  const [qr, setQr] = useState<{ text: string; src: string } | null>(null);
  useEffect(() => {
    if (!text) return undefined;
    let live = true;
    import('qrcode')
      .then(({ toString }) => toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (live)
          setQr({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      // Without the code the address is still shown; nothing to tell the user.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return qr && qr.text === text ? qr.src : null;
}
