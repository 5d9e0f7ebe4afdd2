import { expect } from 'vitest';
import type { ImportPreviewResponse, ImportReportResponse } from '../../../domain/imports';
import { TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// Test helpers: a file sent to the imports API as the dialog sends it.

export type Upload = { fileName: string; bytes: Buffer | string; mapping?: Record<string, string> };

export function uploadBody({ fileName, bytes, mapping }: Upload) {
  const content = Buffer.from(bytes).toString('base64');
  return mapping ? { fileName, content, mapping } : { fileName, content };
}

/**
 * post (as any user, or none), preview (200 expected) and confirm (201
 * expected) as the admin; the app and the admin are read when a request is
 * made (a test file creates them in beforeAll).
 */
export function importRequests(app: () => TestApp, admin: () => TestUser) {
  const post = (url: string, upload: Upload, user: TestUser | null = admin()) =>
    app().app.inject({
      method: 'POST',
      url,
      payload: uploadBody(upload),
      headers: user ? { cookie: user.cookie, origin: TEST_ORIGIN } : { origin: TEST_ORIGIN },
    });
  return {
    post,
    async preview(upload: Upload): Promise<ImportPreviewResponse> {
      const response = await post('/api/imports/preview', upload);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ImportPreviewResponse>();
    },
    async confirm(upload: Upload): Promise<ImportReportResponse['report']> {
      const response = await post('/api/imports', upload);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<ImportReportResponse>().report;
    },
  };
}
