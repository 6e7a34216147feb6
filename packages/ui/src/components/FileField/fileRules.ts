/** What the product accepts by default: receipts and identity documents as photos. */
export const defaultAccept = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** 5 MB. */
export const defaultMaxSize = 5 * 1024 * 1024;

const typeNames: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/heic': 'HEIC',
  'application/pdf': 'PDF',
};

/** "1.2 MB", "640 KB", "512 bytes": binary units, one decimal below 10. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  const rounded = size >= 10 ? Math.round(size) : Math.round(size * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

function typeName(accepted: string): string {
  if (accepted.startsWith('.')) return accepted.slice(1).toUpperCase();
  if (accepted.endsWith('/*')) return accepted.slice(0, -2);
  return typeNames[accepted] ?? accepted.split('/').pop()?.toUpperCase() ?? accepted;
}

/** "JPEG, PNG or WebP". */
export function acceptedTypesText(accept: readonly string[]): string {
  const names = [...new Set(accept.map(typeName))];
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** Whether `file` matches one of `accept`'s MIME types (`image/png`), families (`image/*`) or extensions (`.pdf`). */
export function isAcceptedType(file: File, accept: readonly string[]): boolean {
  const name = file.name.toLowerCase();
  return accept.some((accepted) => {
    const rule = accepted.trim().toLowerCase();
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return file.type.startsWith(rule.slice(0, -1));
    return file.type === rule;
  });
}

/** The message for files that cannot be taken, or `null` when the one file is fine. */
export function rejectionMessage(
  files: readonly File[],
  accept: readonly string[],
  maxSize: number,
): string | null {
  const [file, ...others] = files;
  if (!file) return null;
  if (others.length > 0) return 'Please choose one file only.';
  if (!isAcceptedType(file, accept)) {
    const allImages = accept.every((accepted) => accepted.startsWith('image/'));
    const list = acceptedTypesText(accept);
    const article = /^[AEIOU]/i.test(list) ? 'an' : 'a';
    return `This file type is not accepted. Choose ${article} ${list} ${allImages ? 'image' : 'file'}.`;
  }
  if (file.size > maxSize) return `This file is larger than ${formatFileSize(maxSize)}.`;
  return null;
}
