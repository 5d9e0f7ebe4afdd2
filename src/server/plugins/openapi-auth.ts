import { z } from 'zod';
import type { Auth } from '../features/auth/auth';

/**
 * better-auth answers under one catch-all route (/api/auth/*, plugins/auth.ts);
 * the description lists the endpoints this app uses by their real paths. The
 * request bodies are better-auth's own zod schemas; the answers are written
 * here and checked against real answers by openapi.test.ts.
 */

export const AuthUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable().optional(),
  emailVerified: z.boolean(),
  createdAt: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
  disabled: z.boolean().optional(),
});

export const AuthSessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  token: z.string(),
  expiresAt: z.string().meta({ format: 'date-time' }),
  createdAt: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
  ipAddress: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
});

export const AUTH_ANSWERS = {
  signInEmail: z.object({
    redirect: z.boolean(),
    token: z.string(),
    url: z.string().nullable().optional(),
    user: AuthUserSchema,
  }),
  signUpEmail: z.object({ token: z.string().nullable(), user: AuthUserSchema }),
  signOut: z.object({ success: z.boolean() }),
  requestPasswordReset: z.object({ status: z.boolean(), message: z.string() }),
  resetPassword: z.object({
    status: z.boolean(),
    email: z
      .string()
      .meta({ description: "The account's email, to sign in with the new password" }),
  }),
  getSession: z.object({ session: AuthSessionSchema, user: AuthUserSchema }).nullable(),
} as const;

type AuthEndpoint = keyof typeof AUTH_ANSWERS;

const ENDPOINTS: {
  endpoint: AuthEndpoint;
  method: 'get' | 'post';
  path: string;
  summary: string;
  description: string;
  errors: number[];
  setsCookie?: boolean;
}[] = [
  {
    endpoint: 'signUpEmail',
    method: 'post',
    path: '/api/auth/sign-up/email',
    summary: 'Create an account (it has no role until an admin gives it one)',
    description:
      'Does not sign in (sign in next). Answers the same whether or not the address already has an account (the owner of an existing one is mailed instead).',
    errors: [400, 403, 429],
  },
  {
    endpoint: 'signInEmail',
    method: 'post',
    path: '/api/auth/sign-in/email',
    summary: 'Sign in with email and password; sets the session cookie',
    description:
      'Send the cookies it sets with every later request. Limited per IP address (SIGN_IN_IP_LIMIT a minute) and per account (failures an hour); past the account limit the answer is 429 with Retry-After.',
    errors: [400, 401, 403, 429],
    setsCookie: true,
  },
  {
    endpoint: 'signOut',
    method: 'post',
    path: '/api/auth/sign-out',
    summary: 'Sign out: ends the session and clears its cookie',
    description: 'Send the session cookie.',
    errors: [400, 403],
    setsCookie: true,
  },
  {
    endpoint: 'requestPasswordReset',
    method: 'post',
    path: '/api/auth/request-password-reset',
    summary:
      'Mail a password reset link (the same answer whether or not the address has an account)',
    description: 'The link holds a token valid for an hour.',
    errors: [400, 403, 429],
  },
  {
    endpoint: 'resetPassword',
    method: 'post',
    path: '/api/auth/reset-password',
    summary: "Choose a new password with a reset link's token; signs out every session",
    description:
      "An unknown or expired token is a 400. Does not sign in: the answer names the account's email, so the page signs in with it and the new password (POST /api/auth/sign-in/email).",
    errors: [400, 403, 429],
  },
  {
    endpoint: 'getSession',
    method: 'get',
    path: '/api/auth/get-session',
    summary: 'The session and user of the cookie sent, or null',
    description: 'Anyone may ask; without a valid session cookie the answer is null.',
    errors: [],
  },
];

function jsonSchemaOf(schema: z.core.$ZodType, io: 'input' | 'output') {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return json;
}

const ERROR_CONTENT = {
  'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
};

/** OpenAPI path items for better-auth's endpoints, keyed by path. */
export function describeAuthPaths(auth: Auth): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { endpoint, method, path, summary, description, errors, setsCookie } of ENDPOINTS) {
    const options = (auth.api[endpoint] as { options?: { body?: z.core.$ZodType } }).options;
    const responses: Record<string, unknown> = {
      200: {
        description: 'OK',
        ...(setsCookie
          ? {
              headers: {
                'Set-Cookie': {
                  description: 'The session cookie (and, on sign-in, a trusted-device cookie)',
                  schema: { type: 'string' },
                },
              },
            }
          : {}),
        content: {
          'application/json': { schema: jsonSchemaOf(AUTH_ANSWERS[endpoint], 'output') },
        },
      },
    };
    for (const status of errors) {
      responses[status] = { description: errorDescription(status), content: ERROR_CONTENT };
    }
    paths[path] = {
      [method]: {
        operationId: endpoint,
        summary,
        description,
        tags: ['auth'],
        security: [],
        ...(options?.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: jsonSchemaOf(options.body, 'input') } },
              },
            }
          : {}),
        responses,
      },
    };
  }
  return paths;
}

function errorDescription(status: number): string {
  switch (status) {
    case 400:
      return 'Bad input, or (reset) an unknown or expired token';
    case 401:
      return 'Wrong email or password';
    case 403:
      return 'The account is disabled, or a cross-site request';
    case 429:
      return 'Too many attempts: wait as the message and Retry-After say';
    default:
      return 'Error';
  }
}
