import type {
  ColumnMapping,
  ImportFileInput,
  ImportPreviewResponse,
} from '../../../../domain/imports/api';
import { IMPORT_PROGRESS_HEADER } from '../../../../domain/imports/progress';
import { api } from '../../../lib/api-client';

export type ImportUpload = {
  fileName: string;
  content: string;
  mapping?: ColumnMapping;
  /** Names the request so GET /api/imports/progress/:id can follow it. */
  progressId?: string;
};

/** The header naming the request for progress polls, if it has an id. */
export function progressHeaders(upload: ImportUpload): Record<string, string> {
  return upload.progressId ? { [IMPORT_PROGRESS_HEADER]: upload.progressId } : {};
}

function uploadBody({ fileName, content, mapping }: ImportUpload): ImportFileInput {
  return mapping ? { fileName, content, mapping } : { fileName, content };
}

/** POST /api/imports/preview: the first 50 rows as they would be stored; writes nothing. */
export function previewImport(upload: ImportUpload): Promise<ImportPreviewResponse> {
  return api<ImportPreviewResponse>('/imports/preview', {
    method: 'POST',
    body: uploadBody(upload),
    headers: progressHeaders(upload),
  });
}

export { uploadBody };
