import { z } from 'zod';
import { ErrorResponseSchema, text } from '../../../domain/api';
import { signInLockoutPolicy } from '../../../domain/auth';
import {
  InviteUserInputSchema,
  StaffUserListResponseSchema,
  StaffUserResponseSchema,
  InvitedUserResponseSchema,
  UpdateUserInputSchema,
} from '../../../domain/users';
import { Conflict, NotFound } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { createInvitedUser, sendInvitation } from './invite-user';
import {
  clearSignInFailures,
  countOtherEnabledAdmins,
  deleteSessions,
  findStaffUser,
  listStaffUsers,
  setDisabled,
  setRole,
} from './users-repository';
import { defineFeature } from '../../plugins/app/feature';

const UserParamsSchema = z.object({ id: text().min(1).max(100) });
const LAST_ADMIN =
  'This is the last enabled admin. Make another user an admin first, or nobody could manage users.';

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['config', 'database', 'auth'] as const;

/** Staff accounts: list, invite, change role, disable, unlock sign-in (users:manage). */
export const usersRoutes = defineFeature('users', SERVICES, async (app) => {
  const { db } = app;
  const policy = signInLockoutPolicy(app.config.SIGN_IN_ACCOUNT_LIMIT);

  app.get(
    '/api/users',
    {
      config: { permission: 'users:manage' },
      schema: {
        tags: ['users'],
        summary: 'Every staff user with their role, failed sign-ins and any sign-in lock',
        response: { 200: StaffUserListResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async () => ({ users: await listStaffUsers(db, policy) }),
  );

  app.post(
    '/api/users/invite',
    {
      config: { permission: 'users:manage' },
      schema: {
        tags: ['users'],
        summary: 'Create a user with a role and mail them a link to choose a password',
        body: InviteUserInputSchema,
        response: { 201: InvitedUserResponseSchema, ...PROTECTED_ERRORS, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, name, role } = request.body;
      const userId = await createInvitedUser(app, { email, name, role });
      const invitation = await sendInvitation(app, email);
      const user = await findStaffUser(db, policy, userId);
      return reply.status(201).send({ user: user!, invitation });
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
        const target = await findStaffUser(tx, policy, id);
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
      // After the commit: a session looked up from now on sees the change.
      await app.sessions.endSessionsOf(id);
      return { user: (await findStaffUser(db, policy, id))! };
    },
  );

  app.post(
    '/api/users/:id/unlock',
    {
      config: { permission: 'users:manage' },
      schema: {
        tags: ['users'],
        summary: "Lift a user's sign-in lock: their failed sign-ins are forgotten",
        params: UserParamsSchema,
        response: { 200: StaffUserResponseSchema, ...PROTECTED_ERRORS, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const target = await findStaffUser(db, policy, request.params.id);
      if (!target) throw new NotFound('No such user.');
      await clearSignInFailures(db, target.email);
      const viewer = await request.viewer();
      request.log.info(
        { userId: target.id, by: viewer.user?.id },
        'Sign-in lock lifted by an admin',
      );
      return { user: (await findStaffUser(db, policy, target.id))! };
    },
  );
});
