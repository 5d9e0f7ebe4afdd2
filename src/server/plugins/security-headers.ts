import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The security headers this route's answers carry (set at registration). */
    securityHeaders?: Record<string, string>;
  }
}

/**
 * Helmet's headers for these options, worked out once. Nothing in them
 * depends on the request (no CSP nonces), so one set serves every answer.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The headers of an API answer (JSON, a CSV or a document's file sent as an
 * attachment, the event stream): none of them is a page, so the headers that
 * act only on pages (Referrer-Policy, the cross-origin opener and agent
 * cluster, DNS prefetch, the old IE and Flash switches, a CSP listing what a
 * page may load) do nothing for them. What does act on any answer is kept,
 * as OWASP's REST Security guidance lists it: no sniffing into a script or a
 * page, never framed, and a CSP that lets nothing load should a browser
 * render it anyway; plus CORP (no cross-origin `no-cors` reads) and HSTS
 * when the app is served over HTTPS, as the pages have them (decision 152).
 */
export function apiSecurityHeaders(
  documentHeaders: Record<string, string>,
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  for (const name of ['cross-origin-resource-policy', 'strict-transport-security']) {
    const value = documentHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/** The API docs (Swagger UI) are pages, though under /api. */
function answersPages(url: string): boolean {
  return !url.startsWith('/api/') || url === '/api/docs' || url.startsWith('/api/docs/');
}

/**
 * Sends the security headers on every answer (404s and errors included):
 * helmet's full set on pages (the web app, the API docs, the not-found
 * answer, whose path decides nothing), the API set on the API's routes. The
 * set is chosen when the route is declared, from the path it is declared
 * with, so no spelling of a request's URL changes it. The @fastify/helmet
 * plugin built a new helmet middleware, parsing every CSP directive, on each
 * request: about a tenth of a small request's CPU (decision 50).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const pageHeaders = securityHeaders(options);
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  app.addHook('onRoute', (route: RouteOptions) => {
    route.config = {
      ...route.config,
      securityHeaders: answersPages(route.url) ? pageHeaders : apiHeaders,
    };
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.securityHeaders ?? pageHeaders);
    done();
  });
}
