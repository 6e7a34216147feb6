import { unwrap } from '@ledgerline/api-client';
import { ImageViewer } from '@ledgerline/ui/back-office';
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
 * send it) and shown from memory in a viewer that zooms and pans; a link opens it full size in a new
 * tab too.
 */
export function ReceiptImage({ path, alt }: ReceiptImageProps) {
  const fileId = path.replace(/^\/files\//, '');
  const { url, failed } = useImageBlob(fileId, (signal) =>
    unwrap(api.GET('/files/{fileId}', { params: { path: { fileId } }, parseAs: 'blob', signal })),
  );

  return (
    <div className={styles.receipt}>
      <ImageViewer
        src={url}
        alt={alt}
        loadingLabel="Loading the image"
        error={failed ? 'The image could not be loaded.' : undefined}
      />
      {url && (
        <a className={styles.link} href={url} target="_blank" rel="noopener noreferrer">
          Open full size (new tab)
        </a>
      )}
    </div>
  );
}
