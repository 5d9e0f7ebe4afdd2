import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '../../../domain/api';
import {
  ChangePasswordInputSchema,
  OkResponseSchema,
  ProfileSchema,
  UpdateProfileInputSchema,
} from '../../../domain/settings';
import { Conflict, invalidField, NotFound, Unauthenticated } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { authErrorCode, forwardSetCookie, toAuthHeaders } from '../../lib/auth-bridge';
import {
  findPasswordHash,
  findProfile,
  isEmailTaken,
  updateUserDetails,
} from './profile-repository';

const WRONG_PASSWORD = 'is not your current password';

/** The signed-in user's own name, email, password and sessions (any role). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, auth } = app;

  async function signedInUserId(request: {
    viewer(): Promise<{ user: { id: string } | null }>;
  }): Promise<string> {
    const { user } = await request.viewer();
    if (!user) throw new Unauthenticated();
    return user.id;
  }

  async function loadProfile(userId: string) {
    const profile = await findProfile(db, userId);
    if (!profile) throw new NotFound('No such user.');
    return profile;
  }

  app.get(
    '/api/profile',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['settings'],
        summary: 'Your name, email and role',
        response: { 200: ProfileSchema, ...PROTECTED_ERRORS, 404: ErrorResponseSchema },
      },
    },
    async (request) => loadProfile(await signedInUserId(request)),
  );

  app.patch(
    '/api/profile',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['settings'],
        summary: 'Change your display name or email (a new email needs your current password)',
        body: UpdateProfileInputSchema,
        response: {
          200: ProfileSchema,
          ...PROTECTED_ERRORS,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const userId = await signedInUserId(request);
      const current = await loadProfile(userId);
      const { name, email, currentPassword } = request.body;
      const emailChanges = email !== undefined && email !== current.email.toLowerCase();
      if (emailChanges) {
        if (!currentPassword) throw invalidField('currentPassword', 'is required to change email');
        const hash = await findPasswordHash(db, userId);
        const context = await auth.$context;
        if (!hash || !(await context.password.verify({ hash, password: currentPassword }))) {
          throw invalidField('currentPassword', WRONG_PASSWORD);
        }
        if (await isEmailTaken(db, email, userId)) {
          throw new Conflict('Another user already has this email.', {
            email: 'is already in use',
          });
        }
      }
      await updateUserDetails(db, userId, {
        ...(name === undefined ? {} : { name }),
        ...(emailChanges ? { email } : {}),
      });
      // Cached sessions carry the name and email: drop them here and in every process.
      await app.sessions.endSessionsOf(userId);
      return loadProfile(userId);
    },
  );

  app.post(
    '/api/profile/password',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['settings'],
        summary: 'Change your password, optionally signing out your other sessions',
        body: ChangePasswordInputSchema,
        response: { 200: OkResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request, reply) => {
      await signedInUserId(request);
      try {
        const { headers } = await auth.api.changePassword({
          body: request.body,
          headers: toAuthHeaders(request),
          returnHeaders: true,
        });
        // Revoking other sessions gives this browser a new session cookie.
        forwardSetCookie(reply, headers);
      } catch (error) {
        switch (authErrorCode(error)) {
          case 'INVALID_PASSWORD':
            throw invalidField('currentPassword', WRONG_PASSWORD);
          case 'PASSWORD_TOO_SHORT':
            throw invalidField('newPassword', 'is too short');
          case 'PASSWORD_TOO_LONG':
            throw invalidField('newPassword', 'is too long');
          case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
            throw invalidField('currentPassword', 'your account has no password to change');
          case 'UNAUTHORIZED':
            throw new Unauthenticated();
          default:
            throw error;
        }
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/api/profile/sign-out-others',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['settings'],
        summary: 'Sign out every other session of yours',
        response: { 200: OkResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => {
      await signedInUserId(request);
      await auth.api.revokeOtherSessions({ headers: toAuthHeaders(request) });
      return { ok: true as const };
    },
  );
};
