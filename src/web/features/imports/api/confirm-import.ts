import type { ImportReportResponse } from '../../../../domain/imports/api';
import { api } from '../../../lib/api-client';
import { progressHeaders, uploadBody, type ImportUpload } from './preview-import';

/** POST /api/imports: imports the file in one transaction and returns its report. */
export function confirmImport(upload: ImportUpload): Promise<ImportReportResponse> {
  return api<ImportReportResponse>('/imports', {
    method: 'POST',
    body: uploadBody(upload),
    headers: progressHeaders(upload),
  });
}
