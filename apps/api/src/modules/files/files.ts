import { eq } from 'drizzle-orm';
import { uploads } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { signedInAccount } from '../auth/sessions';
import { uploadFileName } from './uploads';

const fileNotFound = () => new HttpError(404, 'File not found');

export function fileOperations({ db, storage }: Services) {
  return {
    downloadFile: {
      async handler(request, reply) {
        const account = signedInAccount(request);
        const { fileId } = request.params;
        const [upload] = await db.select().from(uploads).where(eq(uploads.id, fileId)).limit(1);
        // Someone else's file answers exactly as a missing one: its existence is not disclosed.
        if (!upload || (upload.ownerId !== account.userId && account.role !== 'admin')) throw fileNotFound();

        const key = uploadFileName(upload.id, upload.mediaType);
        const stored = await storage.get(key);
        if (!stored) {
          request.log.warn(
            { uploadId: upload.id, key, store: storage.description },
            'an upload row has no stored image',
          );
          throw fileNotFound();
        }

        // Served as an image and nothing else: the browser must not sniff another type, and were it
        // ever opened as a document it may run nothing, load nothing, and be framed by no page.
        return (
          reply
            .type(upload.mediaType)
            .header('x-content-type-options', 'nosniff')
            .header('content-disposition', `inline; filename="${key}"`)
            .header('cache-control', 'private, max-age=0, no-store')
            .header('content-security-policy', "default-src 'none'; sandbox; frame-ancestors 'none'")
            .header('content-length', stored.byteSize)
            // Streamed from the store as it is read, never held whole in memory.
            .send(stored.body)
        );
      },
    },
  } satisfies Operations;
}
