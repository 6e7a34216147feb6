import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import type { Database } from '../../db/database';
import { uploads } from '../../db/schema';
import { describeValidationIssue, HttpError } from '../../http/errors';
import { multipartSchemaOf } from '../../http/forms';
import { validateForm } from '../../http/validation';
import { imageDecodes } from './image-decodes';
import type { UploadStorage } from './storage';

/*
 * The upload rules shared by deposit receipts and KYC documents (the contract's "receipt rules"):
 * one JPEG, PNG or WebP image of at most 5 MB and 40 megapixels, its type read from its bytes, fully
 * decoded and re-encoded (two at a time in the process) before it is kept, under a name the server
 * makes.
 */

export type ImageMediaType = 'image/jpeg' | 'image/png' | 'image/webp';

/** An uploaded image that passed every check, ready to store. */
export type CheckedImage = {
  /** Re-encoded: decoded in full, turned upright, without any of the upload's metadata. */
  bytes: Buffer;
  mediaType: ImageMediaType;
  extension: 'jpg' | 'png' | 'webp';
  /** Hex SHA-256 of the bytes as uploaded (the same photo sent twice has the same one). */
  sha256: string;
};

const maxImageBytes = 5 * 1024 * 1024;

/**
 * A receipt or a passport page is legible in a phone photo of 12 megapixels; beyond 40, decoding
 * costs memory (4 bytes a pixel) for no legible gain, so such an image is refused before it is decoded.
 */
export const maxImagePixels = 40_000_000;

const formats = {
  'image/jpeg': { extension: 'jpg', encode: (image: Sharp) => image.jpeg({ quality: 90 }) },
  'image/png': { extension: 'png', encode: (image: Sharp) => image.png() },
  'image/webp': { extension: 'webp', encode: (image: Sharp) => image.webp({ quality: 90 }) },
} as const satisfies Record<ImageMediaType, { extension: CheckedImage['extension']; encode: unknown }>;

function isImageMediaType(mime: string): mime is ImageMediaType {
  return Object.hasOwn(formats, mime);
}

/**
 * Per request, these replace the server-wide limits of the multipart parser (which fit the text-only
 * profile form). Two files, not one, so that a second file is seen and refused by name rather than
 * silently skipped by the parser.
 */
const formLimits = { files: 2, fileSize: maxImageBytes, fields: 20, fieldSize: 16 * 1024, parts: 22 };

/**
 * Once a form is refused, the rest of its body is read and thrown away: the parser stops pulling
 * from the socket when nobody reads its parts, and a half-read body would leave a kept-alive
 * connection unusable for the client's next request.
 */
async function discardRestOfBody(request: FastifyRequest): Promise<void> {
  const body = request.raw;
  body.unpipe();
  if (body.complete || body.readableEnded || body.destroyed) return;
  // The answer waits for the body's end, so the client has finished sending when it reads it and the
  // connection is free for its next request. A sender that stalls is not waited for more than 10 s.
  const ended = new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 10_000);
    body.once('end', done);
    body.once('close', done);
    body.once('error', done);
  });
  body.resume();
  await ended;
}

const tooLarge = (field: string) => new HttpError(413, `${field} must be at most 5 MB`);

/** The parser's own errors, as answers. */
function formReadingError(error: unknown, imageField: string): HttpError {
  if (error instanceof HttpError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(imageField);
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, 'Only one image may be sent');
  if (statusCode === 413) return new HttpError(413, 'Request body is too large');
  // A truncated or malformed form is the sender's mistake, never a 5xx.
  return new HttpError(400, 'body must be a valid multipart form');
}

/**
 * Reads a multipart form with one image, part by part, and checks it whole before anything is
 * stored: its text fields against the operation's form in the contract, then the image by content.
 * Any problem refuses the whole form (400, 413 or 415) after its body has been consumed.
 */
export async function readImageForm(
  request: FastifyRequest,
  options: { imageField?: string } = {},
): Promise<{ fields: Record<string, string>; image: CheckedImage }> {
  const imageField = options.imageField ?? 'image';
  const schema: { properties?: Record<string, unknown> } = multipartSchemaOf(request);

  // No prototype: a field named `__proto__` is just a field, refused like any unknown one.
  const fields: Record<string, string> = Object.create(null);
  let uploaded: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: formLimits })) {
      if (part.type === 'field') {
        if (part.fieldnameTruncated || part.valueTruncated) {
          throw new HttpError(413, 'Request body is too large');
        }
        if (part.fieldname in fields) throw new HttpError(400, `${part.fieldname} must be sent only once`);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== imageField) {
        part.file.resume();
        throw new HttpError(
          400,
          schema.properties && Object.hasOwn(schema.properties, part.fieldname)
            ? `${part.fieldname} must be text, not a file`
            : `${part.fieldname} is not an accepted field`,
        );
      }
      if (uploaded) {
        part.file.resume();
        throw new HttpError(400, 'Only one image may be sent');
      }
      // Throws the parser's "too large" error once the file passes `fileSize`.
      uploaded = await part.toBuffer();
      if (part.file.truncated) throw tooLarge(imageField);
      if (uploaded.length === 0) throw new HttpError(400, `${imageField} is empty`);
    }
  } catch (error) {
    await discardRestOfBody(request);
    throw formReadingError(error, imageField);
  }

  if (imageField in fields) throw new HttpError(400, `${imageField} must be a file, not text`);
  if (!uploaded) throw new HttpError(400, `${imageField} is required`);
  // The image is a file, not a field: a stand-in lets the contract's `required` see it.
  const issue = validateForm(schema, { ...fields, [imageField]: 'file' });
  if (issue) throw new HttpError(400, describeValidationIssue(issue, 'body'));

  return { fields: { ...fields }, image: await checkImage(uploaded, imageField) };
}

/**
 * Checks an uploaded image by its content and re-encodes it.
 *
 * The type comes from the bytes alone (magic numbers), never from the file's name or its declared
 * Content-Type: both are whatever the sender says. So a real PNG declared as `text/plain` or
 * `application/octet-stream` (some phones and older browsers send that) is accepted as the PNG it is,
 * and `receipt.jpg.php` holding a script is refused whatever it claims. What is stored and served
 * back is the re-encoded image, never the uploaded bytes.
 */
export async function checkImage(original: Buffer, field = 'image'): Promise<CheckedImage> {
  const detected = await fileTypeFromBuffer(original);
  if (!detected || !isImageMediaType(detected.mime)) {
    throw new HttpError(415, `${field} must be a JPEG, PNG or WebP image`);
  }
  const mediaType = detected.mime;
  const format = formats[mediaType];

  // Decoding is what costs: it waits for its turn (at most two at a time in this process).
  const bytes = await imageDecodes.run(async () => {
    // The dimensions come from the header alone, before any pixel is decoded.
    const { width, height } = await sharp(original)
      .metadata()
      .catch(() => ({ width: undefined, height: undefined }));
    if (width !== undefined && height !== undefined && width * height > maxImagePixels) {
      throw new HttpError(413, `${field} must be at most ${maxImagePixels / 1_000_000} megapixels`);
    }
    try {
      // A valid header is not a valid image (a PNG signature before HTML, a JPEG cut short): only a
      // full decode tells. `error` refuses truncated and corrupt pixel data, yet tolerates the benign
      // warnings some cameras' JPEGs raise; the pixel limit holds here too, whatever the header said.
      const decoded = sharp(original, { failOn: 'error', limitInputPixels: maxImagePixels }).autoOrient();
      // sharp writes no metadata unless asked to: EXIF (location, device), XMP and comments are dropped.
      return await format.encode(decoded).toBuffer();
    } catch {
      throw new HttpError(400, `${field} could not be read; please upload the original photo or screenshot`);
    }
  });
  return {
    bytes,
    mediaType,
    extension: format.extension,
    sha256: createHash('sha256').update(original).digest('hex'),
  };
}

/** An upload's key in the store, made by the server from its id: `<id>.<ext>`. */
export function uploadFileName(id: string, mediaType: string): string {
  if (!isImageMediaType(mediaType)) throw new Error(`Uploads are never stored as ${mediaType}`);
  return `${id}.${formats[mediaType].extension}`;
}

/**
 * Stores a checked image: its bytes first, then its `uploads` row (in the caller's transaction, when
 * it passes one). The row is never there without its bytes; if the caller's transaction fails after
 * this, the caller calls `discard()` so no stored image is left without its row.
 */
export async function saveUpload(
  db: Pick<Database, 'insert'>,
  storage: UploadStorage,
  input: { ownerId: string; kind: 'receipt' | 'kyc'; image: CheckedImage },
): Promise<{ id: string; discard: () => Promise<void> }> {
  const { image } = input;
  const id = crypto.randomUUID();
  const key = uploadFileName(id, image.mediaType);
  await storage.put(key, image.bytes, image.mediaType);
  // An image left without its row is never served, only kept: a store that fails to remove it must
  // not hide the error that made it unwanted.
  const discard = () => storage.delete(key).catch(() => undefined);

  try {
    await db.insert(uploads).values({
      id,
      ownerId: input.ownerId,
      kind: input.kind,
      mediaType: image.mediaType,
      byteSize: image.bytes.length,
      sha256: createHash('sha256').update(image.bytes).digest('hex'),
    });
  } catch (error) {
    await discard();
    throw error;
  }
  return { id, discard };
}
