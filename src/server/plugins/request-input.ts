import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { textProblem } from '../../domain/api/text';
import {
  AuthChangeEmailInputSchema,
  AuthChangePasswordInputSchema,
  AuthDeleteUserInputSchema,
  AuthLinkedAccountInputSchema,
  AuthRecordInputSchema,
  AuthRequestPasswordResetInputSchema,
  AuthResetPasswordInputSchema,
  AuthRevokeSessionInputSchema,
  AuthSendVerificationEmailInputSchema,
  AuthSignInInputSchema,
  AuthSignUpInputSchema,
  AuthSocialInputSchema,
  AuthUpdateUserInputSchema,
  AuthVerifyPasswordInputSchema,
} from '../../domain/settings/api';
import { AppError, Invalid } from '../lib/errors';

/**
 * How deep a JSON body may nest. Our deepest request (a booking's stops)
 * nests 3 levels; 32 leaves room and stops a 10,000-level body before any
 * recursive code (validation, re-serialising for the sign-in library) sees it.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether `json` opens more than `max` arrays or objects inside each other. */
export function jsonNestsDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index += 1) {
    const char = json.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A body the server understood but will not take: answered in our error format. */
class UnsupportedMediaType extends AppError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}

function fieldPath(path: readonly (string | number)[], root: string): string {
  return path.length === 0 ? root : path.join('.');
}

/**
 * The first string (or object key) in `value` that may not be stored:
 * its field path and the problem. Depth is bounded by the JSON parser.
 * The path is built on the way back out, so a clean body (nearly every
 * request) allocates nothing.
 */
function findUnsafeText(value: unknown): { path: (string | number)[]; problem: string } | null {
  if (typeof value === 'string') {
    const problem = textProblem(value, { multiline: true });
    return problem ? { path: [], problem } : null;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnsafeText(value[index]);
      if (found) {
        found.path.unshift(index);
        return found;
      }
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      // A bad key is named by where it sits, not by its own unprintable text.
      const keyProblem = textProblem(key, { multiline: false });
      if (keyProblem) return { path: [], problem: `has a field name that ${keyProblem}` };
      const found = findUnsafeText((value as Record<string, unknown>)[key]);
      if (found) {
        found.path.unshift(key);
        return found;
      }
    }
  }
  return null;
}

/**
 * Every better-auth endpoint that takes a body, by its path (`:name` is any
 * one segment), with our limits for it: whatever it stores, looks up or
 * indexes is bounded before it gets there. auth-input.test.ts checks that
 * every such endpoint of the installed better-auth is listed.
 */
export const AUTH_INPUT_SCHEMAS: Record<string, z.ZodType> = {
  'sign-up/email': AuthSignUpInputSchema,
  'sign-in/email': AuthSignInInputSchema,
  'request-password-reset': AuthRequestPasswordResetInputSchema,
  'reset-password': AuthResetPasswordInputSchema,
  'change-password': AuthChangePasswordInputSchema,
  'change-email': AuthChangeEmailInputSchema,
  'send-verification-email': AuthSendVerificationEmailInputSchema,
  'verify-password': AuthVerifyPasswordInputSchema,
  'update-user': AuthUpdateUserInputSchema,
  'update-session': AuthRecordInputSchema,
  'delete-user': AuthDeleteUserInputSchema,
  'revoke-session': AuthRevokeSessionInputSchema,
  'unlink-account': AuthLinkedAccountInputSchema,
  'refresh-token': AuthLinkedAccountInputSchema,
  'get-access-token': AuthLinkedAccountInputSchema,
  'sign-in/social': AuthSocialInputSchema,
  'link-social': AuthSocialInputSchema,
  'callback/:id': AuthRecordInputSchema,
};

/** The limits for a better-auth endpoint path (as the router matched it), if it takes a body. */
export function authInputSchema(endpoint: string): z.ZodType | undefined {
  const segments = endpoint.toLowerCase().split('/');
  for (const [pattern, schema] of Object.entries(AUTH_INPUT_SCHEMAS)) {
    const parts = pattern.split('/');
    if (
      parts.length === segments.length &&
      parts.every((part, index) => part.startsWith(':') || part === segments[index])
    ) {
      return schema;
    }
  }
  return undefined;
}

function invalidFromIssues(issues: readonly z.core.$ZodIssue[]): Invalid {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    fields[fieldPath(issue.path as (string | number)[], 'body')] ??= issue.message;
  }
  const [first] = Object.entries(fields);
  return new Invalid(first ? `${first[0]}: ${first[1]}` : 'The request is not valid.', fields);
}

/**
 * Every request's input passes here before any route sees it: JSON bodies
 * must be UTF-8 and at most MAX_JSON_DEPTH deep; no text anywhere (query,
 * path, body, the sign-in library's routes included) may carry a control
 * character or an unpaired surrogate; better-auth's own endpoints that take
 * a body get the same name, email and password limits as our routes.
 */
export function registerRequestInput(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // No route takes plain text: without this parser a text/plain body is
  // refused with a 415 naming what the route takes (errors.ts), instead of
  // reaching a route as a string (better-auth then answered that it takes
  // form bodies, which are refused as well).
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (request: FastifyRequest, body: Buffer, done) => {
      const charset = CHARSET.exec(String(request.headers['content-type'] ?? ''))?.[1];
      if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
        done(
          new UnsupportedMediaType(
            `JSON must be sent as UTF-8 (charset=utf-8), not charset=${charset.slice(0, 40)}.`,
          ),
          undefined,
        );
        return;
      }
      let json: string;
      try {
        json = utf8.decode(body);
      } catch {
        done(new Invalid('The request body is not valid UTF-8.'), undefined);
        return;
      }
      if (jsonNestsDeeperThan(json, MAX_JSON_DEPTH)) {
        done(
          new Invalid(`The request body nests more than ${MAX_JSON_DEPTH} levels deep.`),
          undefined,
        );
        return;
      }
      parseJson(request, json, done);
    },
  );

  // A callback hook (no promise per request); a part that is empty or absent
  // (a GET's body, a route without params) is passed over at once.
  app.addHook('preValidation', (request, _reply, done) => {
    const unsafe =
      unsafeTextIn('params', request.params) ??
      unsafeTextIn('querystring', request.query) ??
      unsafeTextIn('body', request.body);
    if (unsafe) return done(unsafe);

    if (request.method === 'POST' && request.routeOptions.url === '/api/auth/*') {
      const schema = authInputSchema(String((request.params as { '*'?: string })['*'] ?? ''));
      if (schema) {
        const result = schema.safeParse(request.body ?? {});
        if (!result.success) return done(invalidFromIssues(result.error.issues));
        // A name is stored as our routes store it: trimmed of invisible characters.
        const { name } = result.data as { name?: unknown };
        const body = request.body as Record<string, unknown> | null | undefined;
        if (typeof name === 'string' && body && typeof body === 'object') body.name = name;
      }
    }
    done();
  });
}

/** A 400 naming the first field of `part` whose text may not be stored, if any. */
function unsafeTextIn(part: string, value: unknown): Invalid | undefined {
  if (value === undefined || value === null) return undefined;
  const found = findUnsafeText(value);
  if (!found) return undefined;
  const field = fieldPath(found.path, part);
  return new Invalid(`${field}: ${found.problem}`, { [field]: found.problem });
}
