const API_BASE = '/api';

export type ApiErrorFields = Record<string, string>;

/** A failed API call, built from the server's `{ error: { code, message, fields? } }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: ApiErrorFields | undefined;

  constructor(status: number, code: string, message: string, fields?: ApiErrorFields) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show a person for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * A field's message is shown under the field, as a sentence of its own: the
 * server writes it to follow the field's name ('is required').
 */
export function asFieldSentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

function asSentences(fields: Record<string, unknown>): ApiErrorFields {
  return Object.fromEntries(
    Object.entries(fields)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([name, message]) => [name, asFieldSentence(message)]),
  );
}

function toApiError(status: number, payload: unknown): ApiError {
  const fallback = `Request failed (${status})`;
  if (isRecord(payload) && isRecord(payload.error)) {
    const { code, message, fields } = payload.error;
    return new ApiError(
      status,
      typeof code === 'string' ? code : 'HTTP_ERROR',
      typeof message === 'string' && message ? message : fallback,
      isRecord(fields) ? asSentences(fields) : undefined,
    );
  }
  return new ApiError(status, 'HTTP_ERROR', fallback);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Told of every answer refused for want of a session (401) or of a role (403). */
export type RefusalListener = (status: 401 | 403, path: string) => void;
const refusalListeners = new Set<RefusalListener>();

/**
 * Runs `listener` whenever the server refuses a call with 401 or 403. The
 * client knows no session: the auth feature listens, to ask whether the
 * session ended or the role changed, rather than each screen showing a bare
 * error.
 */
export function onRefusedCall(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

/**
 * The one HTTP client of the web app. `path` is relative to /api. Resolves with
 * the parsed JSON body; rejects with ApiError for any non-2xx answer or when the
 * server cannot be reached. Aborts are passed through untouched so TanStack
 * Query can recognise a cancelled query.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, headers } = options;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      // A FormData body (a file upload) sets its own multipart content type.
      ...(body === undefined || body instanceof FormData
        ? {}
        : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? null : body instanceof FormData ? body : JSON.stringify(body),
    signal: signal ?? null,
  };

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      'Could not reach the server. Check your connection and try again.',
    );
  }

  const payload = await readJson(response);
  if (response.status === 401 || response.status === 403) {
    const status = response.status;
    refusalListeners.forEach((listener) => listener(status, path));
  }
  if (!response.ok) throw toApiError(response.status, payload);
  return payload as T;
}
