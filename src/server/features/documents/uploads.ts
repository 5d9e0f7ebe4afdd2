import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import { textProblem } from '../../../domain/api/text';
import {
  ACCEPTED_TYPES_TEXT,
  isAcceptedFileType,
  MAX_UPLOAD_BYTES,
  type AcceptedFileType,
} from '../../../domain/documents';
import { AppError, Invalid, invalidField } from '../../lib/errors';

class PayloadTooLarge extends AppError {
  constructor() {
    super(413, 'payload_too_large', 'The file is too large: upload at most 15 MB.');
  }
}

class UnsupportedFileType extends AppError {
  constructor() {
    super(
      415,
      'unsupported_media_type',
      `This kind of file cannot be uploaded. Upload a ${ACCEPTED_TYPES_TEXT} file.`,
    );
  }
}

export type Upload = {
  bytes: Buffer;
  /** The client's name for it, reduced to a harmless base name: shown, never used as a path. */
  fileName: string;
  /** Told from the content. */
  contentType: AcceptedFileType;
};

/** An upload as kept: its bytes in the file store under `key`. */
export type StoredUpload = Omit<Upload, 'bytes'> & { key: string; size: number };

/** The last path segment of a client's file name, without control characters, at most 200 long. */
export function safeFileName(name: string | undefined): string {
  const base = path.posix.basename(path.win32.basename(name ?? '')).trim();
  const cleaned = textProblem(base) === null ? base : base.replace(/[^\p{L}\p{N} ._()-]/gu, '_');
  return cleaned.slice(0, 200) || 'document';
}

/**
 * Reads a multipart upload: its text fields (validated with `schema`, a bad
 * one a 400 naming it) and exactly one file (413 past 15 MB, 415 unless its
 * content is a PDF, JPEG, PNG, WebP or HEIC). Nothing is stored here: the
 * caller stores only what passed.
 */
export async function readUpload<T extends z.ZodType>(
  request: FastifyRequest,
  schema: T,
): Promise<{ fields: z.output<T>; file: Upload }> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'unsupported_media_type',
      'Send the document as multipart/form-data with a file field.',
    );
  }
  const raw: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 4000, parts: 21 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        file = { bytes, fileName: part.filename };
      } else if (typeof part.value === 'string') {
        raw[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new PayloadTooLarge();
    throw new Invalid('The upload could not be read: send it as multipart/form-data.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidField(issue.path.join('.') || 'body', issue.message);
  }
  if (!file || file.bytes.length === 0) throw invalidField('file', 'choose a file to upload');
  const detected = await fileTypeFromBuffer(file.bytes);
  // HEIC photos may be labelled by their brand (heic/heif); both are HEIC to us.
  const mime = detected?.mime === 'image/heif' ? 'image/heic' : detected?.mime;
  if (!mime || !isAcceptedFileType(mime)) throw new UnsupportedFileType();
  return {
    fields: parsed.data,
    file: { bytes: file.bytes, fileName: safeFileName(file.fileName), contentType: mime },
  };
}
