import type {
  ColumnMapping,
  ImportFileInput,
  ImportPreviewResponse,
} from '../../../../domain/imports/api';
import { api } from '../../../lib/api-client';

export type ImportUpload = { fileName: string; content: string; mapping?: ColumnMapping };

function uploadBody({ fileName, content, mapping }: ImportUpload): ImportFileInput {
  return mapping ? { fileName, content, mapping } : { fileName, content };
}

/** POST /api/imports/preview: the first 50 rows as they would be stored; writes nothing. */
export function previewImport(upload: ImportUpload): Promise<ImportPreviewResponse> {
  return api<ImportPreviewResponse>('/imports/preview', {
    method: 'POST',
    body: uploadBody(upload),
  });
}

export { uploadBody };
