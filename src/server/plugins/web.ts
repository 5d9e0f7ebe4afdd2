import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from '../lib/errors';

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
  const hasWeb = webRoot !== null && fs.existsSync(path.join(webRoot, 'index.html'));
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
    app.get('/assets/*', (request, reply) =>
      reply.sendFile(`assets/${(request.params as { '*': string })['*']}`),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/') || !hasWeb || request.method !== 'GET') {
      return reply
        .status(404)
        .send(errorBody('not_found', `No such path: ${request.method} ${url}`));
    }
    const file = url.slice(1);
    if (
      file !== '' &&
      !file.includes('..') &&
      fs.existsSync(path.join(webRoot!, file)) &&
      fs.statSync(path.join(webRoot!, file)).isFile()
    ) {
      return reply.sendFile(file);
    }
    if (url === '/widget') allowFraming(reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
