import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_COMPRESSION, SYNC_COMPRESSION_BYTES } from './app';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test/test-app';

let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'chauffeur-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(webRoot, 'prerendered'));
  fs.writeFileSync(
    path.join(webRoot, 'prerendered', 'calculator.html'),
    '<!doctype html><div id="root"><h1>Fare Calculator</h1></div>',
  );
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(
    path.join(webRoot, 'assets', 'app-abc123.js.gz'),
    zlib.gzipSync('console.log(1)'),
  );
  t = await createTestApp({}, { webRoot });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('the app', () => {
  it('reports health and which database it uses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('answers an unknown /api path with a JSON 404 in the error format', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'No such path: GET /api/nope' },
    });
  });

  it('serves the web app for client routes', async () => {
    for (const url of ['/calculator', '/dispatch', '/driver/jobs', '/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('sends a prerendered public page when there is one and the address has no query', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/calculator' });
    expect(page.body).toContain('<h1>Fare Calculator</h1>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const withQuery = await t.app.inject({ method: 'GET', url: '/calculator?pickup=x' });
    expect(withQuery.body).toBe('<!doctype html><div id="root"></div>');
  });

  it('lets other sites frame the widget, and only the widget', async () => {
    const widget = await t.app.inject({ method: 'GET', url: '/widget' });
    expect(widget.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(widget.headers['x-frame-options']).toBeUndefined();
    const calculator = await t.app.inject({ method: 'GET', url: '/calculator' });
    expect(calculator.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(calculator.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves hashed assets with a long cache life', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed asset to a browser that accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe('console.log(1)');
  });

  it("sends the pages' security headers on pages, the API's on API answers", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/calculator' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-powered-by']).toBeUndefined();
    // The web app's fallback, the not-found answer (its path decides
    // nothing) and the API docs are pages.
    for (const url of ['/dispatch', '/api/no-such-route', '/api/docs']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(
        page.headers['content-security-policy'],
      );
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }

    // Answers of API routes, whatever the spelling, status or viewer.
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/%61pi/health' }),
      await t.app.inject({ method: 'GET', url: '/api/bookings' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/quotes',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        payload: '{}',
      }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 401, 400]);
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['referrer-policy']).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
  });

  it('refuses a cross-site mutating request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@b.c', password: 'whatever1' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
  });

  it('serves the OpenAPI description', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths).toHaveProperty('/api/me');
  });
});

describe('compression', () => {
  it('compresses answers over 1 kB for clients that accept it, and leaves small ones', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const compressed = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual(
      plain.json(),
    );
    // At the quality chosen for the CPU it saves (decision 224), not the plugin's default.
    expect(compressed.rawPayload).toEqual(
      zlib.brotliCompressSync(plain.rawPayload, JSON_COMPRESSION.brotliOptions),
    );

    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('streams a compressed answer larger than the one-call size (decision 76)', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.rawPayload.length).toBeGreaterThan(SYNC_COMPRESSION_BYTES);
    const streamed = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(streamed.headers['content-encoding']).toBe('gzip');
    expect(streamed.headers['content-length']).toBeUndefined();
    expect(zlib.gunzipSync(streamed.rawPayload).toString()).toBe(docs.body);
  });

  it('keeps a quote under the 1 kB threshold (its route skips the compression hooks)', async () => {
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: { 'accept-encoding': 'br, gzip', origin: TEST_ORIGIN },
      payload: {
        distanceMeters: 2_000_000,
        durationSeconds: 172_800,
        vehicleType: 'Standard HUG',
        childSeats: true,
      },
    });
    expect(quote.statusCode).toBe(200);
    expect(quote.headers['content-encoding']).toBeUndefined();
    expect(quote.rawPayload.length).toBeLessThan(1024);
  });

  it('answers a compressed request body with a 400, not a 500 (no client sends one)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        origin: TEST_ORIGIN,
      },
      payload: zlib.gzipSync(
        JSON.stringify({ distanceMeters: 1000, durationSeconds: 60, vehicleType: 'Standard HUG' }),
      ),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('The request body is not valid UTF-8.');
  });
});
