import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FirstAdminInput } from '../../../domain/setup';
import type { Database, Executor } from '../../db/database';
import { AppError, Conflict } from '../../lib/errors';
import { createStaffUser } from '../users/invite-user';
import { hasEnabledAdmin } from '../users/users-repository';
import {
  deleteExpiredSetupTokens,
  deleteSetupTokens,
  hashSetupToken,
  isSetupTokenKnown,
  lockFirstAdminSetup,
  storeSetupToken,
} from './setup-repository';

/** How long a setup link works (while no admin exists): a week, as an invitation. */
export const SETUP_LINK_DAYS = 7;

export const ALREADY_SET_UP =
  'This business has an administrator already: the setup link worked only until the first one was made. Sign in, or ask an administrator for an account.';
export const INVALID_SETUP_LINK =
  'This setup link is not valid. Open the link printed when the server last started, or restart the server for a new one.';
const EMAIL_TAKEN =
  'This email already has an account. Use another address for the administrator; once signed in, give that account a role in Settings → Users & Roles.';
const EMAIL_TAKEN_FIELD =
  'already has an account: use another address here, then give that account its role in Settings → Users & Roles';

export class InvalidSetupLink extends AppError {
  constructor() {
    super(403, 'invalid_setup_link', INVALID_SETUP_LINK);
  }
}

/**
 * At start: when no enabled admin exists, a new setup token (32 random bytes)
 * is stored as its hash and the link with it returned, for the start banner
 * and the log; else every setup token is deleted and null returned. Each
 * start (each process) makes its own; every one works until an admin exists.
 */
export async function openSetupIfNoAdmin(
  db: Database,
  publicUrl: string,
  now = new Date(),
): Promise<string | null> {
  if (await hasEnabledAdmin(db)) {
    await deleteSetupTokens(db);
    return null;
  }
  await deleteExpiredSetupTokens(db, now);
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SETUP_LINK_DAYS * 24 * 60 * 60 * 1000);
  await storeSetupToken(db, hashSetupToken(token), expiresAt);
  return `${publicUrl}/setup?token=${token}`;
}

/**
 * Refuses unless no enabled admin exists (409) and the token is a setup
 * token that has not expired (403).
 */
async function checkSetupOpen(db: Executor, tokenHash: string): Promise<void> {
  if (await hasEnabledAdmin(db)) throw new Conflict(ALREADY_SET_UP);
  if (!(await isSetupTokenKnown(db, tokenHash, new Date()))) throw new InvalidSetupLink();
}

/**
 * Creates the first admin; their id. Checked once before the account is made
 * (a refused link makes nothing), and again in the transaction that gives the
 * role, under a lock every process takes: of two racing requests, the second
 * finds the admin the first made, and its account is removed again. The
 * setup tokens go with the grant.
 */
export async function createFirstAdmin(
  app: Pick<FastifyInstance, 'db' | 'auth'>,
  { token, name, email, password }: FirstAdminInput,
): Promise<string> {
  const tokenHash = hashSetupToken(token);
  await checkSetupOpen(app.db, tokenHash);
  try {
    return await createStaffUser(app, {
      email,
      name,
      role: 'admin',
      password,
      beforeGrant: async (tx) => {
        await lockFirstAdminSetup(tx);
        await checkSetupOpen(tx, tokenHash);
        await deleteSetupTokens(tx);
      },
    });
  } catch (error) {
    if (error instanceof Conflict && error.fields?.email) {
      throw new Conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN_FIELD });
    }
    throw error;
  }
}
