import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `value` as an SVG image (no canvas needed). Loaded with the device route only. */
export function QrCode({ value, label }: { readonly value: string; readonly label: string }) {
  const [source, setSource] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    QRCode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (svg) => {
        if (current) setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      },
      () => {
        // The code on screen is enough to activate; the QR code is a convenience.
      },
    );
    return () => {
      current = false;
    };
  }, [value]);

  return source ? <img className="device-qr" src={source} alt={label} /> : null;
}
