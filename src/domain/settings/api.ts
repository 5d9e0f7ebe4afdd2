import { z } from 'zod';
import { SettingVersionSchema } from '../api/changed-since';
import { text } from '../api/text';
import { AccessTableSchema } from '../access/access-table-schema';
import { RoleSchema } from '../access/roles';
import { TariffTableSchema } from '../fares/tariffs';
import { BusinessSettingsSchema, TimeZoneSchema } from './business';
import { DispatchSettingsSchema } from './dispatch';
import { NotificationSettingsSchema } from './notifications';
import { PASSWORD_MAX, USER_EMAIL_MAX, UserEmailSchema, UserNameSchema } from '../users/api';

// The settings and profile API contract, shared by server and web (the
// users' own is in src/domain/users).

const password = text().max(PASSWORD_MAX);

/** The settings the Settings screen edits, each saved on its own. */
export const EDITED_SETTINGS = [
  'business',
  'timeZone',
  'tariffs',
  'notifications',
  'dispatch',
  'accessTable',
] as const;
export type EditedSetting = (typeof EDITED_SETTINGS)[number];

/** What a refusal of a save from an out-of-date screen calls each setting. */
export const EDITED_SETTING_NAMES: Record<EditedSetting, string> = {
  business: 'The Business setting',
  timeZone: 'The time zone',
  tariffs: 'The Fares setting',
  notifications: 'The Notifications setting',
  dispatch: 'The Dispatch setting',
  accessTable: 'The access table',
};

// A setting's PUT body and what a screen sends to it: shared with the
// Required Documents setting (domain/documents), which is saved elsewhere.
export { versionedSettingInput, type VersionedSetting } from '../api/changed-since';

/** GET /api/settings: everything the Settings screen edits. */
export const SettingsResponseSchema = z.object({
  business: BusinessSettingsSchema,
  timeZone: TimeZoneSchema,
  tariffs: TariffTableSchema,
  notifications: NotificationSettingsSchema,
  dispatch: DispatchSettingsSchema,
  accessTable: AccessTableSchema,
  /**
   * When each was last saved (null: never, its defaults apply): a screen
   * sends back the one it was filled from as expectedUpdatedAt.
   */
  versions: z.object(
    Object.fromEntries(EDITED_SETTINGS.map((key) => [key, SettingVersionSchema])) as Record<
      EditedSetting,
      typeof SettingVersionSchema
    >,
  ),
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
  name: UserNameSchema.optional(),
  email: UserEmailSchema.optional(),
  /** Needed only when the email changes. */
  currentPassword: password.optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export const ChangePasswordInputSchema = z.object({
  currentPassword: password.min(1, 'is required'),
  newPassword: password.min(8, 'must be at least 8 characters'),
  revokeOtherSessions: z.boolean().default(false),
});
export type ChangePasswordInput = z.input<typeof ChangePasswordInputSchema>;

export const OkResponseSchema = z.object({ ok: z.literal(true) });

/**
 * POST /api/auth/sign-up/email (the sign-in library's own route): the same
 * limits as our routes. Other fields pass to the library, which checks them.
 */
export const AuthSignUpInputSchema = z.looseObject({
  name: UserNameSchema,
  email: UserEmailSchema,
  password: password.min(8, 'must be at least 8 characters'),
  image: text().max(2000).optional(),
  callbackURL: text().max(2000).optional(),
});

/** POST /api/auth/update-user (the sign-in library's own route). */
export const AuthUpdateUserInputSchema = z.looseObject({
  name: UserNameSchema.optional(),
  image: text().max(2000).nullish(),
});

// The sign-in library's other routes that take a body. Each field it would
// store, look up or index gets our limits first: an email of 4,000
// characters once reached the sign-in failures' index and failed there.

/** A URL the sign-in library sends the browser to afterwards (it checks the origin itself). */
const authUrl = text().max(2000);
/** Tokens, provider and account ids the sign-in library made: far shorter than this. */
const authId = text().max(500);

/** POST /api/auth/sign-in/email */
export const AuthSignInInputSchema = z.looseObject({
  email: UserEmailSchema,
  password,
  callbackURL: authUrl.optional(),
});

/** POST /api/auth/request-password-reset */
export const AuthRequestPasswordResetInputSchema = z.looseObject({
  email: UserEmailSchema,
  redirectTo: authUrl.optional(),
});

/** POST /api/auth/reset-password (the token may come in the query instead). */
export const AuthResetPasswordInputSchema = z.looseObject({
  newPassword: password,
  token: authId.optional(),
});

/** POST /api/auth/change-password */
export const AuthChangePasswordInputSchema = z.looseObject({
  newPassword: password,
  currentPassword: password,
});

/** POST /api/auth/change-email */
export const AuthChangeEmailInputSchema = z.looseObject({
  newEmail: UserEmailSchema,
  callbackURL: authUrl.optional(),
});

/** POST /api/auth/send-verification-email */
export const AuthSendVerificationEmailInputSchema = z.looseObject({
  email: UserEmailSchema,
  callbackURL: authUrl.optional(),
});

/** POST /api/auth/verify-password */
export const AuthVerifyPasswordInputSchema = z.looseObject({ password });

/** POST /api/auth/delete-user */
export const AuthDeleteUserInputSchema = z.looseObject({
  password: password.optional(),
  token: authId.optional(),
  callbackURL: authUrl.optional(),
});

/** POST /api/auth/revoke-session */
export const AuthRevokeSessionInputSchema = z.looseObject({ token: authId });

/** POST /api/auth/unlink-account, refresh-token and get-access-token */
export const AuthLinkedAccountInputSchema = z.looseObject({
  providerId: authId,
  accountId: authId.optional(),
  userId: authId.optional(),
});

/** POST /api/auth/sign-in/social and link-social (no social provider is configured). */
export const AuthSocialInputSchema = z.looseObject({
  provider: authId,
  callbackURL: authUrl.optional(),
  newUserCallbackURL: authUrl.optional(),
  errorCallbackURL: authUrl.optional(),
  loginHint: text().max(USER_EMAIL_MAX).optional(),
  scopes: z.array(authId).max(50).optional(),
  idToken: z
    .looseObject({
      token: text().max(10_000),
      nonce: authId.optional(),
      accessToken: text().max(10_000).optional(),
      refreshToken: text().max(10_000).optional(),
    })
    .optional(),
});

/**
 * Routes whose body the sign-in library takes as any record (update-session,
 * an OAuth callback): flat fields of short text, numbers or booleans.
 */
export const AuthRecordInputSchema = z.record(
  authId,
  z.union([authUrl, z.number(), z.boolean(), z.null()]),
);
