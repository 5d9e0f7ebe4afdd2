/** Spec-free limits of our own (issue 11): what an upload may be. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/** Accepted upload types, told from the file's content, never its name. */
export const ACCEPTED_FILE_TYPES = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
} as const;
export type AcceptedFileType = keyof typeof ACCEPTED_FILE_TYPES;

export function isAcceptedFileType(mime: string): mime is AcceptedFileType {
  return mime in ACCEPTED_FILE_TYPES;
}

export const ACCEPTED_TYPES_TEXT = 'PDF, JPEG, PNG, WebP or HEIC';

/** What the file picker offers; the server decides from the content. */
export const UPLOAD_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,image/heic,.heic';
