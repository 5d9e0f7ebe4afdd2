import { CHANGED_SINCE_CODE } from '../../domain/api/changed-since';

/** Typed errors that domain and repository code throw; mapped to HTTP once, in the app. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, 'invalid_input', message, fields);
  }
}

/** A single bad field: the message names it. */
export function invalidField(field: string, problem: string): Invalid {
  return new Invalid(`${field}: ${problem}`, { [field]: problem });
}

export class Unauthenticated extends AppError {
  constructor(message = 'You need to sign in to do that.') {
    super(401, 'unauthenticated', message);
  }
}

export class Forbidden extends AppError {
  constructor(message = "You don't have permission to do that.") {
    super(403, 'forbidden', message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super(404, 'not_found', message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(409, 'conflict', message, fields);
  }
}

/**
 * A save made on an out-of-date form (decision 187): a 409 whose code,
 * 'changed_since', tells the web to offer Reload rather than a field to fix.
 */
export class ChangedSince extends AppError {
  constructor(message: string) {
    super(409, CHANGED_SINCE_CODE, message);
  }
}

export class TooManyRequests extends AppError {
  constructor(message: string) {
    super(429, 'too_many_requests', message);
  }
}

export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

export function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}
