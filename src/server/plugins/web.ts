import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from '../lib/errors';
import { registerPublic } from './access';

/**
 * The widget is meant to sit in an iframe on the operator's own website:
 * only this page may be framed by other sites.
 */
function allowFraming(reply: FastifyReply): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.header(
      'content-security-policy',
      policy.replace(/frame-ancestors [^;]+/, 'frame-ancestors *'),
    );
  }
  reply.removeHeader('x-frame-options');
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html for
 * every client route (the SPA decides what to show), JSON 404 under /api.
 */
export async function registerWeb(app: FastifyInstance, webRoot: string | null): Promise<void> {
  // Static files and the fallback are public, declared so: access is decided per route.
  await registerPublic(app, (scope) => declareWeb(scope, webRoot));
}

async function declareWeb(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const hasWeb = webRoot !== null && fs.existsSync(path.join(webRoot, 'index.html'));
  const prerenderedDir = hasWeb ? path.join(webRoot, 'prerendered') : null;
  const prerenderedPages = new Set(
    prerenderedDir && fs.existsSync(prerenderedDir)
      ? fs.readdirSync(prerenderedDir).map((name) => `prerendered/${name}`)
      : [],
  );
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    // Files at the root of the build (favicon, logo) and under /assets.
    app.get('/assets/*', { schema: { hide: true } }, (request, reply) =>
      reply.sendFile(`assets/${(request.params as { '*': string })['*']}`),
    );
  }

  // No route matched. The answer holds no data whatever the path: a JSON 404
  // for API-looking paths (in any spelling), else a file of the build or the
  // web app's index.html.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const decoded = decodePath(pathname);
    const looksLikeApi = decoded === null || /^\/+api(\/|$|;)/i.test(decoded);
    if (looksLikeApi || !hasWeb || request.method !== 'GET') {
      return reply
        .status(404)
        .send(errorBody('not_found', `No such path: ${request.method} ${pathname}`));
    }
    const file = decoded.slice(1);
    if (
      file !== '' &&
      !file.includes('..') &&
      !file.includes('\0') &&
      fs.existsSync(path.join(webRoot!, file)) &&
      fs.statSync(path.join(webRoot!, file)).isFile()
    ) {
      return reply.sendFile(file);
    }
    if (decoded === '/widget') allowFraming(reply);
    reply.header('cache-control', 'no-cache');
    // A public page's HTML rendered at build (scripts/prerender.ts) paints
    // before the scripts run; with a query (a quote carried to /book) the
    // page differs from the prerendered one, so the plain shell is sent.
    const prerendered = `prerendered${decoded}.html`;
    if (!request.url.includes('?') && prerenderedPages.has(prerendered)) {
      return reply.sendFile(prerendered);
    }
    return reply.sendFile('index.html');
  });
}

/**
 * The path decoded until it no longer changes (a double-encoded API path
 * still looks like one), or null when it cannot be decoded.
 */
function decodePath(pathname: string): string | null {
  let current = pathname;
  try {
    for (let round = 0; round < 4; round += 1) {
      const next = decodeURIComponent(current);
      if (next === current) return current;
      current = next;
    }
    return current;
  } catch {
    return null;
  }
}
