import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { uploads } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { signedInAccount } from '../auth/sessions';
import { uploadFileName, uploadFilePath } from './uploads';

const fileNotFound = () => new HttpError(404, 'File not found');

export function fileOperations({ config, db }: Services) {
  return {
    downloadFile: {
      async handler(request, reply) {
        const account = signedInAccount(request);
        const { fileId } = request.params;
        const [upload] = await db.select().from(uploads).where(eq(uploads.id, fileId)).limit(1);
        // Someone else's file answers exactly as a missing one: its existence is not disclosed.
        if (!upload || (upload.ownerId !== account.userId && account.role !== 'admin')) throw fileNotFound();

        const file = uploadFilePath(config, upload.id, upload.mediaType);
        let bytes: Buffer;
        try {
          bytes = await readFile(file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          request.log.warn({ uploadId: upload.id, file }, 'an upload row has no file on disk');
          throw fileNotFound();
        }

        // Served as an image and nothing else: the browser must not sniff another type, and were it
        // ever opened as a document it may run nothing, load nothing, and be framed by no page.
        return reply
          .type(upload.mediaType)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `inline; filename="${uploadFileName(upload.id, upload.mediaType)}"`)
          .header('cache-control', 'private, max-age=0, no-store')
          .header('content-security-policy', "default-src 'none'; sandbox; frame-ancestors 'none'")
          .send(bytes);
      },
    },
  } satisfies Operations;
}
