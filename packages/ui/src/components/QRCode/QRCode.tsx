import { clsx } from 'clsx';
import { QRCodeSVG } from 'qrcode.react';
import { type ComponentPropsWithRef, useEffect, useId, useRef, useState } from 'react';
import { AddressText } from '../AddressText/AddressText';
import { CoinIcon } from '../CoinIcon/CoinIcon';
import { type Coin, paymentMarkNames } from '../CoinIcon/coins';
import { addressLabel, code, coin as coinStyle, details, image, root } from './QRCode.css';

export type QRCodeProps = Omit<ComponentPropsWithRef<'div'>, 'children'> & {
  /** The QR image the server renders for the wallet (the wallet's `image` path). */
  src: string;
  /** The wallet address the code encodes; shown beside it and drawn from if the image fails. */
  address: string;
  /** The coin this wallet receives. */
  coin: Coin;
  /** The image's text alternative. @default 'QR code for your <Coin> deposit address' */
  alt?: string;
};

/**
 * A wallet to pay to: its QR code with the coin and the address (copyable) beside it. The code is
 * the server's image; if that fails to load, it is drawn in the browser from the same address.
 */
export function QRCode({ src, address, coin, alt, className, ...rest }: QRCodeProps) {
  const name = paymentMarkNames[coin];
  const text = alt ?? `QR code for your ${name} deposit address`;
  const labelId = useId();
  const imageRef = useRef<HTMLImageElement>(null);
  // Remember which src failed, so a new src gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;

  useEffect(() => {
    // An image that failed before React attached onError (server-rendered HTML) is complete but empty.
    const img = imageRef.current;
    if (img?.complete && img.naturalWidth === 0) setFailedSrc(src);
  }, [src]);

  return (
    <div className={clsx(root, className)} {...rest}>
      <div className={code}>
        {failed ? (
          // Black on white with a quiet zone, in both themes: what scanners read best.
          <QRCodeSVG value={address} title={text} role="img" level="M" marginSize={4} className={image} />
        ) : (
          <img ref={imageRef} src={src} alt={text} className={image} onError={() => setFailedSrc(src)} />
        )}
      </div>
      <div className={details}>
        <p className={coinStyle}>
          <CoinIcon coin={coin} size="lg" title={null} />
          {name}
        </p>
        <p id={labelId} className={addressLabel}>
          Deposit address
        </p>
        <AddressText address={address} aria-labelledby={labelId} role="group" />
      </div>
    </div>
  );
}
