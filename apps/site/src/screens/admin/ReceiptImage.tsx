import { unwrap } from '@ledgerline/api-client';
import { Spinner } from '@ledgerline/ui';
import { api } from '../../api/api';
import * as styles from './ReceiptImage.css';
import { useImageBlob } from './useImageBlob';

export type ReceiptImageProps = {
  /** The image's API path, `/files/{fileId}`. */
  path: string;
  /** What the image shows, for people who cannot see it. */
  alt: string;
};

/**
 * An uploaded image (a receipt, a passport), fetched with the admin's bearer token (an <img> cannot
 * send it) and shown from memory; a click opens it full size in a new tab.
 */
export function ReceiptImage({ path, alt }: ReceiptImageProps) {
  const fileId = path.replace(/^\/files\//, '');
  const { url, failed } = useImageBlob(fileId, (signal) =>
    unwrap(api.GET('/files/{fileId}', { params: { path: { fileId } }, parseAs: 'blob', signal })),
  );

  if (failed) return <p className={styles.missing}>The image could not be loaded.</p>;
  if (!url) return <Spinner label="Loading the image" />;
  return (
    <a className={styles.frame} href={url} target="_blank" rel="noopener noreferrer">
      <img className={styles.image} src={url} alt={alt} />
      <span className={styles.hint}>Open full size (new tab)</span>
    </a>
  );
}
