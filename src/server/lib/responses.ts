import { ErrorResponseSchema } from '../../domain/api';

/** The error responses every protected route can give, for the OpenAPI document. */
export const PROTECTED_ERRORS = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
} as const;
