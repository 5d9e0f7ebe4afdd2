import { z } from 'zod';
import { personName } from '../api/text';
import { RoleSchema } from '../access/roles';
import { MailStatusSchema } from '../mail/api';

// The users API contract (staff accounts, invitations, roles), shared by
// server and web.

import { USER_EMAIL_MAX, USER_NAME_MAX } from './limits';

export { PASSWORD_MAX, USER_EMAIL_MAX, USER_NAME_MAX } from './limits';
export const UserNameSchema = personName(USER_NAME_MAX);
export const UserEmailSchema = z
  .email('enter a valid email address')
  .max(USER_EMAIL_MAX)
  .trim()
  .toLowerCase();

export const StaffUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema.nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** Failed sign-ins within the last hour. */
  recentFailedSignIns: z.number().int(),
  /** While sign-in is locked after failures: when the next attempt is let through. */
  lockedUntil: z.string().nullable(),
});
export type StaffUser = z.infer<typeof StaffUserSchema>;

export const StaffUserListResponseSchema = z.object({ users: z.array(StaffUserSchema) });
export const StaffUserResponseSchema = z.object({ user: StaffUserSchema });

/**
 * POST /api/users/invite: the new user, and how their invitation's mail
 * ended (sent; held in the outbox without SMTP; failed), decision 236.
 */
export const InvitedUserResponseSchema = StaffUserResponseSchema.extend({
  invitation: MailStatusSchema,
});
export type InvitedUserResponse = z.infer<typeof InvitedUserResponseSchema>;

export const InviteUserInputSchema = z.object({
  email: UserEmailSchema,
  name: UserNameSchema,
  role: RoleSchema,
});
export type InviteUserInput = z.infer<typeof InviteUserInputSchema>;

export const UpdateUserInputSchema = z
  .object({ role: RoleSchema.nullable().optional(), disabled: z.boolean().optional() })
  .refine((input) => input.role !== undefined || input.disabled !== undefined, {
    message: 'give a role or disabled',
    path: ['role'],
  });
export type UpdateUserInput = z.infer<typeof UpdateUserInputSchema>;

/**
 * Where an invitation's password link lands: the reset page, marked so that
 * the mail with the link reads as an invitation, not as a reset nobody asked for.
 */
export const INVITATION_REDIRECT = '/reset-password?invited=1';

/**
 * How long an invitation's link lasts. A password reset's lasts an hour
 * (the person asked for it a moment ago); a new driver may read the
 * invitation the next day, or after the weekend.
 */
export const INVITATION_LINK_DAYS = 7;
