import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { isRole, type Role } from '../../../domain/access';
import type { Database } from '../../db/database';
import { sessions, userProfiles, users } from '../../db/schema';

/** A signed session cookie's signature: base64 of an HMAC-SHA256 (what better-call checks). */
const SIGNATURE_LENGTH = 44;

/** What one statement says about a session cookie (decision 72). */
export type SessionLookup =
  /** No such session, a bad signature, or a disabled user: anonymous. */
  | { kind: 'none' }
  /** A live session better-auth would return as is. */
  | {
      kind: 'found';
      user: { id: string; email: string; name: string };
      role: Role | null;
      sessionId: string;
      expiresAt: Date;
    }
  /** Expired, or due its daily renewal: better-auth must answer (it writes). */
  | { kind: 'ask-better-auth' };

export type SessionRules = {
  secret: string;
  /** better-auth's session.expiresIn and updateAge, in seconds. */
  expiresInSeconds: number;
  updateAgeSeconds: number;
};

/**
 * The token a signed cookie value carries, if its signature is ours
 * (HMAC-SHA256 with the auth secret, base64, after the last dot), else null.
 */
export function verifiedToken(cookieValue: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(cookieValue);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  if (signature.length !== SIGNATURE_LENGTH) return null;
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(token).digest('base64'));
  return crypto.timingSafeEqual(signature, expected) ? token : null;
}

/**
 * A session cookie's viewer in one prepared statement (session, user and
 * role joined), instead of better-auth's getSession (a WebCrypto signature
 * check, two statements) and the role's own statement. Only the plain case
 * is answered here: a session that is expired or due its renewal is left to
 * better-auth, which deletes or renews it, so what a cookie gets is what
 * better-auth would give it.
 */
export function createSessionLookup(db: Database, rules: SessionRules) {
  const statement = db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      disabled: users.disabled,
      role: userProfiles.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_viewer');

  return async function lookUp(cookieValue: string, now = Date.now()): Promise<SessionLookup> {
    const token = verifiedToken(cookieValue, rules.secret);
    if (token === null) return { kind: 'none' };
    const [row] = await statement.execute({ token });
    if (!row) return { kind: 'none' };
    const expiresAt = row.expiresAt.getTime();
    // better-auth's rule (api/routes/session): renew once updateAge has
    // passed since the session was last given its full lifetime.
    const dueRenewal =
      expiresAt - rules.expiresInSeconds * 1000 + rules.updateAgeSeconds * 1000 <= now;
    if (expiresAt <= now || dueRenewal) return { kind: 'ask-better-auth' };
    if (row.disabled) return { kind: 'none' };
    return {
      kind: 'found',
      user: { id: row.userId, email: row.email, name: row.name },
      role: isRole(row.role) ? row.role : null,
      sessionId: row.sessionId,
      expiresAt: row.expiresAt,
    };
  };
}

export type SessionLookupFn = ReturnType<typeof createSessionLookup>;
