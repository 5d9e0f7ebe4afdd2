import type { ImportProgress } from '../../../../domain/imports/progress';
import { api } from '../../../lib/api-client';

/** GET /api/imports/progress/:id: rows the server has checked of a running preview or import. */
export function getImportProgress(id: string): Promise<ImportProgress> {
  return api<ImportProgress>(`/imports/progress/${encodeURIComponent(id)}`);
}
