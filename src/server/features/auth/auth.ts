import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { sharedAuthRateLimitStorage } from '../../lib/shared-rate-limits';
import * as schema from '../../db/schema';
import { serializeError } from '../../plugins/errors';
import { afterPasswordChanged } from './password-changed';
import { INVITATION_LINK_DAYS, INVITATION_REDIRECT } from '../../../domain/users';

// OWASP ASVS / Password Storage Cheat Sheet: argon2id, 19 MiB, 2 passes, 1 lane.
// @node-rs/argon2 defaults to argon2id; the costs are set explicitly.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export function verifyPassword(data: { hash: string; password: string }): Promise<boolean> {
  return verify(data.hash, data.password).catch(() => false);
}

/** How deep a detail better-auth logs is followed: enough for `{ error: e }`. */
const DETAIL_DEPTH = 3;

/** A detail better-auth logs, with every error in it as serializeError writes it. */
function loggable(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return serializeError(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= DETAIL_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.map((item) => loggable(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, loggable(item, depth + 1)]),
  );
}

/**
 * better-auth's own log lines, written to the app's log (its level, its
 * format) instead of the console. An error it logs (a failed insert quotes
 * its SQL parameters: the sign-up's name and email) is written as
 * serializeError writes every error: without the parameters.
 */
export function betterAuthLogger(log: FastifyBaseLogger) {
  const logger = log.child({ source: 'better-auth' }, { serializers: { err: serializeError } });
  return {
    // Everything is handed over; the app's log level decides what is written.
    level: 'debug' as const,
    log(level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) {
      const error = args.find((arg) => arg instanceof Error);
      const details = args.filter((arg) => arg !== error).map((arg) => loggable(arg));
      logger[level](
        { ...(error ? { err: error } : {}), ...(details.length > 0 ? { details } : {}) },
        message,
      );
    },
  };
}

export type AuthOptions = {
  db: Database;
  /** The app's log: better-auth writes there. */
  log: FastifyBaseLogger;
  secret: string;
  baseUrl: string;
  trustedOrigins: string[];
  mailer: FastifyInstance['mailer'];
  /** The business name (Settings → Business), read when a mail is written: its subjects name it. */
  businessName: () => Promise<string>;
  signInIpLimitPerMinute: number;
  /** A user's session ended (sign-out, revoked) or their account changed. */
  onSessionsEnded?: (userId: string) => Promise<void>;
};

/**
 * better-auth on our Drizzle schema. Kept in its own module so the schema
 * generator can import it without starting the server.
 */
export function createAuth(options: AuthOptions) {
  const { db } = options;
  return betterAuth({
    appName: 'Perth Chauffeur Ops',
    logger: betterAuthLogger(options.log),
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', usePlural: true, schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      // Sign-up never signs in: then it can answer a taken address exactly
      // as a new one (better-auth's generic answer) and tell nobody but the
      // owner, by mail, that the address has an account. The web app signs
      // in right after.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        await options.mailer.send({
          to: user.email,
          subject: `Someone tried to sign up to ${await options.businessName()} with your address`,
          text: `Hello ${user.name},\n\nSomeone just tried to create a new account with this email address, which already has one. If it was you, sign in with your password, or reset it if you have forgotten it:\n${options.baseUrl}/forgot-password\n\nIf it was not you, you can ignore this mail; your account has not changed.`,
        });
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await afterPasswordChanged(db, user.id);
      },
      sendResetPassword: async ({ user, url }) => {
        const business = await options.businessName();
        // An admin's invitation asks for the same link (users/invite-user.ts).
        if (new URL(url).searchParams.get('callbackURL') === INVITATION_REDIRECT) {
          await options.mailer.send({
            to: user.email,
            subject: `You are invited to ${business}`,
            text: `Hello ${user.name},\n\nAn administrator has given you an account. Open this link within ${INVITATION_LINK_DAYS} days to choose your password, then sign in with this email address:\n${url}\n\nIf the link has expired, ask for a new one at ${options.baseUrl}/forgot-password with this email address.`,
          });
          return;
        }
        await options.mailer.send({
          to: user.email,
          subject: `Reset your ${business} password`,
          text: `Hello ${user.name},\n\nOpen this link within an hour to choose a new password:\n${url}\n\nIf you did not ask for this, ignore this mail.`,
        });
      },
    },
    user: {
      additionalFields: {
        disabled: { type: 'boolean', defaultValue: false, input: false, required: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      // Off outside production by default: we want it everywhere.
      enabled: true,
      // In the database: every app process on it counts against one limit.
      customStorage: sharedAuthRateLimitStorage(db),
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: options.signInIpLimitPerMinute },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      useSecureCookies: options.baseUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    databaseHooks: {
      account: {
        update: {
          // A password change (a reset arrives through onPasswordReset).
          after: async (account) => {
            const row = account as { providerId?: unknown; userId?: unknown } | null;
            if (row && row.providerId === 'credential' && typeof row.userId === 'string') {
              await afterPasswordChanged(db, row.userId);
            }
          },
        },
      },
      user: {
        // Name or email changed: a cached viewer shows the old ones.
        update: {
          after: async (user) => {
            await options.onSessionsEnded?.(user.id);
          },
        },
        create: {
          // A new user has a profile with no role: they see only the Calculator.
          after: async (user) => {
            await db
              .insert(schema.userProfiles)
              .values({ userId: user.id, role: null })
              .onConflictDoNothing();
          },
        },
      },
      session: {
        // Sign-out, revoking and password resets all delete through here.
        delete: {
          after: async (session) => {
            await options.onSessionsEnded?.(session.userId);
          },
        },
        create: {
          before: async (session) => {
            const [user] = await db
              .select({ disabled: schema.users.disabled })
              .from(schema.users)
              .where(eq(schema.users.id, session.userId));
            if (user?.disabled) {
              throw new APIError('FORBIDDEN', {
                message: 'This account has been disabled. Ask an administrator.',
              });
            }
          },
          // The last sign-in, kept on the profile: the session itself goes at sign-out (decision 86).
          after: async (session) => {
            await db
              .update(schema.userProfiles)
              .set({ lastSignInAt: session.createdAt })
              .where(eq(schema.userProfiles.userId, session.userId));
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
