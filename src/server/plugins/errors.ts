import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError, errorBody } from '../lib/errors';

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path === '' ? (context ?? 'request') : path;
}

/**
 * One place maps errors to HTTP: typed app errors keep their status and
 * message; validation names the field; anything unexpected is a 500 whose
 * message is hidden.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, error.validationContext);
        fields[name] ??= issue.message ?? 'is not valid';
      }
      const [first] = Object.entries(fields);
      const message = first ? `${first[0]}: ${first[1]}` : 'The request is not valid.';
      return reply.status(400).send(errorBody('invalid_input', message, fields));
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(errorBody(error.code, error.message, error.fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, cause: error.cause.issues },
        'Response did not match its schema',
      );
      return reply.status(500).send(errorBody('internal', 'Something went wrong on our side.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send(errorBody('unsupported_media_type', unsupportedMediaTypeMessage(request)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message;
      return reply.status(status).send(errorBody(clientErrorCode(status), message));
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(500).send(errorBody('internal', 'Something went wrong on our side.'));
  });
}

/**
 * A body of a type no parser reads: says what the route takes, its declared
 * `consumes` (uploads: multipart/form-data) or, as every other route, JSON.
 */
function unsupportedMediaTypeMessage(request: FastifyRequest): string {
  const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
  const accepted = consumes?.length ? consumes.join(' or ') : 'application/json';
  const sent = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .slice(0, 80);
  return `Send the body as ${accepted}${sent ? `, not ${sent}` : ' (the Content-Type header is missing)'}.`;
}

function clientErrorCode(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'too_many_requests';
    default:
      return 'bad_request';
  }
}

/** PostgreSQL's data exceptions (class 22) quote the value that failed: `for type uuid: "…"`. */
function isDataException(code: unknown): boolean {
  return typeof code === 'string' && code.startsWith('22');
}

function withholdQuotedValue(message: string): string {
  return message.replace(/: ".*"$/s, ': (value withheld)');
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * What a log line keeps of an error. A failed query's parameters are what a
 * client sent (names, phones, notes, passwords' neighbours), and PostgreSQL's
 * `detail` quotes the offending value: neither is written to the log. The SQL
 * text (placeholders only), the codes and the stack stay.
 */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const details = error as Error & { code?: unknown; cause?: unknown };
  // Drizzle's wrapper says `Failed query: <sql>\nparams: <values>`; the
  // driver's own error (its cause) carries PostgreSQL's message, and its
  // `query` and `params` as fields, which are not copied below.
  const message = error.message.replace(/\nparams: [\s\S]*$/, '');
  const logged = isDataException(details.code) ? withholdQuotedValue(message) : message;
  const out: SerializedError = {
    type: error.name,
    message: logged,
    // The stack starts with the message: the same parts are left out there.
    stack: (error.stack ?? '').replace(error.message, logged),
  };
  for (const key of [
    'code',
    'statusCode',
    'severity',
    'routine',
    'table',
    'column',
    'constraint',
  ]) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
  }
  if (details.cause !== undefined && details.cause !== error) {
    out.cause = serializeError(details.cause);
  }
  return out;
}

/**
 * Fastify answers a URL it cannot decode (`/%`) or a path segment longer
 * than the router takes before any hook runs: in our error format too.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      void reply
        .status(400)
        .send(errorBody('bad_request', 'The address is not valid: it has a broken %-escape.'));
      return;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      void reply.status(414).send(errorBody('uri_too_long', 'A part of the address is too long.'));
      return;
    default:
      void reply
        .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
        .send(errorBody('bad_request', 'The request could not be read.'));
  }
}

/** The start line is too long when the first line break is this far in, or missing. */
const MAX_START_LINE = 8 * 1024;

type ClientError = Error & { code?: string; rawPacket?: unknown };

function clientErrorAnswer(error: ClientError) {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        code: 'request_timeout',
        message: 'The request took too long to arrive.',
      };
    case 'HPE_HEADER_OVERFLOW': {
      const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined;
      const lineEnd = packet ? packet.indexOf('\n') : -1;
      if (packet && (lineEnd === -1 || lineEnd > MAX_START_LINE)) {
        return { status: 414, code: 'uri_too_long', message: 'The address is too long.' };
      }
      return {
        status: 431,
        code: 'headers_too_large',
        message: 'The request headers are too large.',
      };
    }
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return {
        status: 400,
        code: 'bad_request',
        message: 'The request body framing is not valid.',
      };
    default:
      return { status: 400, code: 'bad_request', message: 'The request is not valid HTTP.' };
  }
}

/**
 * Node answers a request it cannot parse (bad bytes, headers too large, a
 * request line too long, a timeout) before Fastify sees it; this writes that
 * answer in our error format and closes the connection.
 */
export function answerClientError(this: FastifyInstance, error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = clientErrorAnswer(error);
  this.log.debug({ code: error.code, status: answer.status }, 'Client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(answer.code, answer.message));
    socket.write(
      `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
