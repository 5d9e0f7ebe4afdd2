import crypto from 'node:crypto';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device
 * Cookies"): a browser that has signed in to an account before carries a
 * signed token for that account, and may still sign in while the account is
 * locked against everyone else. One cookie per account, so a shared office
 * computer remembers each of its users. Sent only to /api/auth.
 */
const PREFIX = 'device_';
const PATH = '/api/auth';
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;

function mac(secret: string, text: string): string {
  return crypto.createHmac('sha256', secret).update(text).digest('base64url');
}

/** The cookie's name: keyed by the user without naming them. */
export function deviceCookieName(secret: string, userId: string): string {
  return PREFIX + mac(secret, `device-name:${userId}`).slice(0, 16);
}

function signature(secret: string, userId: string, nonce: string, expires: number): string {
  return mac(secret, `device:${userId}:${nonce}:${expires}`);
}

/** A Set-Cookie header that marks this browser as one the user signed in from. */
export function deviceSetCookie(
  secret: string,
  userId: string,
  { now = new Date(), secure }: { now?: Date; secure: boolean },
): string {
  const nonce = crypto.randomBytes(12).toString('base64url');
  const expires = Math.floor(now.getTime() / 1000) + DEVICE_COOKIE_MAX_AGE_S;
  const value = `${nonce}.${expires}.${signature(secret, userId, nonce, expires)}`;
  return [
    `${deviceCookieName(secret, userId)}=${value}`,
    `Path=${PATH}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

function cookieValue(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim();
    }
  }
  return null;
}

/** True when the request carries an unexpired device cookie signed for this user. */
export function isTrustedDevice(
  secret: string,
  userId: string,
  cookieHeader: string | undefined,
  now = new Date(),
): boolean {
  if (!cookieHeader) return false;
  const value = cookieValue(cookieHeader, deviceCookieName(secret, userId));
  const [nonce, expiresText, given, ...rest] = value?.split('.') ?? [];
  if (!nonce || !expiresText || !given || rest.length > 0) return false;
  const expires = Number(expiresText);
  if (!Number.isInteger(expires) || expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, userId, nonce, expires));
  const received = Buffer.from(given);
  return expected.length === received.length && crypto.timingSafeEqual(expected, received);
}
