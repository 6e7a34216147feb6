// Files for FileField's stories, made in the browser: no network, same bytes every run.

/** A 64×64 PNG of a receipt (145 bytes). */
const receiptPng =
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAMAAACdt4HsAAAADFBMVEUPdm7////L0tkRXlmb2yCZAAAAQElEQVR42u3VsQkAIAxFwaj77+wCAQvBBLwb4BU/RSKgpXEg8FFgpV4GXKFDYKaMaEQjClwFrv9CfcAZPw1AiQ00eQZjBDVdaAAAAABJRU5ErkJggg==';

function pngBytes(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(receiptPng), (character) => character.charCodeAt(0));
}

/**
 * An image file of exactly `size` bytes: the receipt PNG padded with zeros after its end, which
 * image decoders ignore, so the preview still draws.
 */
export function imageFile(name: string, size: number, type = 'image/png'): File {
  const bytes = pngBytes();
  const padding = new Uint8Array(Math.max(0, size - bytes.length));
  return new File([bytes, padding], name, { type });
}

/** A file that is not an image. */
export function documentFile(name: string, size: number, type = 'application/pdf'): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** What a person's drag and drop does: enter, hover, and (unless `drop` is false) let go. */
export function dragFiles(target: Element, files: readonly File[], { drop = true } = {}) {
  const dataTransfer = new DataTransfer();
  for (const file of files) dataTransfer.items.add(file);
  const init = { bubbles: true, cancelable: true, dataTransfer };
  target.dispatchEvent(new DragEvent('dragenter', init));
  target.dispatchEvent(new DragEvent('dragover', init));
  if (drop) target.dispatchEvent(new DragEvent('drop', init));
}
