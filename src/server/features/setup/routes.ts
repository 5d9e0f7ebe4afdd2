import { ErrorResponseSchema, MeResponseSchema } from '../../../domain/api';
import { FirstAdminInputSchema } from '../../../domain/setup';
import { forwardSetCookie, toAuthHeaders } from '../../lib/auth-bridge';
import { defineFeature } from '../../plugins/app/feature';
import { createFirstAdmin } from './first-admin';

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['config', 'database', 'auth'] as const;

/** First-run setup: the first administrator, made with the link printed at start. */
export const setupRoutes = defineFeature('setup', SERVICES, async (app) => {
  app.post(
    '/api/setup',
    {
      config: {
        permission: 'public',
        // As sign-in: the token has 256 random bits, but nobody gets to try many.
        rateLimit: { max: app.config.SIGN_IN_IP_LIMIT, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary:
          'Create the first administrator with the setup link printed at start, and sign them in',
        description:
          'Only while no enabled admin exists: the token is the one in the setup link the server prints at start (`/setup?token=...`). Answers 403 for a wrong or expired token and 409 once an admin exists; on success the session cookie is set.',
        body: FirstAdminInputSchema,
        response: {
          201: MeResponseSchema,
          400: ErrorResponseSchema,
          403: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const userId = await createFirstAdmin(app, request.body);
      request.log.warn({ userId }, 'First administrator created with the setup link');
      const { headers, response } = await app.auth.api.signInEmail({
        body: { email, password },
        headers: toAuthHeaders(request),
        returnHeaders: true,
      });
      forwardSetCookie(reply, headers);
      const { user } = response;
      return reply
        .status(201)
        .send({ user: { id: user.id, email: user.email, name: user.name }, role: 'admin' });
    },
  );
});
