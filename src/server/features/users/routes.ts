import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import {
  InviteUserInputSchema,
  StaffUserListResponseSchema,
  StaffUserResponseSchema,
  UpdateUserInputSchema,
} from '../../../domain/settings';
import type { FeatureOptions } from '../../deps';
import { Conflict, NotFound } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { authErrorCode } from '../settings/auth-bridge';
import { isEmailTaken } from '../settings/profile-repository';
import {
  countOtherEnabledAdmins,
  deleteSessions,
  findStaffUser,
  listStaffUsers,
  setDisabled,
  setRole,
} from './users-repository';

const UserParamsSchema = z.object({ id: z.string().min(1).max(100) });
const LAST_ADMIN =
  'This is the last enabled admin. Make another user an admin first, or nobody could manage users.';

/** Staff accounts: list, invite, change role, disable (users:manage). */
export const usersRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  const { db, auth } = deps;

  app.get(
    '/api/users',
    {
      config: { permission: 'users:manage' },
      schema: {
        tags: ['users'],
        summary: 'Every staff user with their role',
        response: { 200: StaffUserListResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async () => ({ users: await listStaffUsers(db) }),
  );

  app.post(
    '/api/users/invite',
    {
      config: { permission: 'users:manage' },
      schema: {
        tags: ['users'],
        summary: 'Create a user with a role and mail them a link to choose a password',
        body: InviteUserInputSchema,
        response: { 201: StaffUserResponseSchema, ...PROTECTED_ERRORS, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, name, role } = request.body;
      const taken = new Conflict('A user with this email already exists.', {
        email: 'is already in use',
      });
      if (await isEmailTaken(db, email, null)) throw taken;
      let userId: string;
      try {
        // Nobody knows this password: the invitee sets their own through the reset mail.
        const { user } = await auth.api.signUpEmail({
          body: { email, name, password: crypto.randomBytes(24).toString('base64url') },
        });
        userId = user.id;
      } catch (error) {
        if (authErrorCode(error)?.startsWith('USER_ALREADY_EXISTS')) throw taken;
        throw error;
      }
      // Sign-up signs the new user in; that session belongs to no one.
      await db.transaction(async (tx) => {
        await deleteSessions(tx, userId);
        await setRole(tx, userId, role);
      });
      await auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } });
      const user = await findStaffUser(db, userId);
      return reply.status(201).send({ user: user! });
    },
  );

  app.patch(
    '/api/users/:id',
    {
      config: { permission: 'users:manage' },
      schema: {
        tags: ['users'],
        summary: "Change a user's role or disable them (which ends their sessions at once)",
        params: UserParamsSchema,
        body: UpdateUserInputSchema,
        response: {
          200: StaffUserResponseSchema,
          ...PROTECTED_ERRORS,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { role, disabled } = request.body;
      const viewer = await request.viewer();
      await db.transaction(async (tx) => {
        const target = await findStaffUser(tx, id);
        if (!target) throw new NotFound('No such user.');
        if (disabled === true && id === viewer.user?.id) {
          throw new Conflict('You cannot disable your own account.', {
            disabled: 'cannot disable yourself',
          });
        }
        const isEnabledAdmin = target.role === 'admin' && !target.disabled;
        const staysEnabledAdmin =
          (role === undefined ? target.role : role) === 'admin' && !(disabled ?? target.disabled);
        if (isEnabledAdmin && !staysEnabledAdmin && (await countOtherEnabledAdmins(tx, id)) === 0) {
          throw new Conflict(
            LAST_ADMIN,
            role === undefined ? { disabled: LAST_ADMIN } : { role: LAST_ADMIN },
          );
        }
        if (role !== undefined) await setRole(tx, id, role);
        if (disabled !== undefined) {
          await setDisabled(tx, id, disabled);
          if (disabled) await deleteSessions(tx, id);
        }
      });
      return { user: (await findStaffUser(db, id))! };
    },
  );
};
