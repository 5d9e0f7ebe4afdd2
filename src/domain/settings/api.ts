import { z } from 'zod';
import { AccessTableSchema } from '../access/access-table';
import { RoleSchema } from '../access/roles';
import { TariffTableSchema } from '../fares/tariffs';
import { BusinessSettingsSchema, TimeZoneSchema } from './business';
import { NotificationSettingsSchema } from './notifications';

// The settings, profile and users API contract, shared by server and web.

/** GET /api/settings: everything the Settings screen edits. */
export const SettingsResponseSchema = z.object({
  business: BusinessSettingsSchema,
  timeZone: TimeZoneSchema,
  tariffs: TariffTableSchema,
  notifications: NotificationSettingsSchema,
  accessTable: AccessTableSchema,
});
export type SettingsResponse = z.infer<typeof SettingsResponseSchema>;

export const TimeZoneInputSchema = z.object({ timeZone: TimeZoneSchema });

export const ProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema.nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const UpdateProfileInputSchema = z.object({
  name: z.string().trim().min(1, 'is required').max(120).optional(),
  email: z.email('enter a valid email address').trim().toLowerCase().optional(),
  /** Needed only when the email changes. */
  currentPassword: z.string().max(128).optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export const ChangePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, 'is required').max(128),
  newPassword: z.string().min(8, 'must be at least 8 characters').max(128),
  revokeOtherSessions: z.boolean().default(false),
});
export type ChangePasswordInput = z.input<typeof ChangePasswordInputSchema>;

export const OkResponseSchema = z.object({ ok: z.literal(true) });

export const StaffUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema.nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type StaffUser = z.infer<typeof StaffUserSchema>;

export const StaffUserListResponseSchema = z.object({ users: z.array(StaffUserSchema) });
export const StaffUserResponseSchema = z.object({ user: StaffUserSchema });

export const InviteUserInputSchema = z.object({
  email: z.email('enter a valid email address').trim().toLowerCase(),
  name: z.string().trim().min(1, 'is required').max(120),
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
