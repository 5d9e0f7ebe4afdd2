import { homePathFor, type Role } from '../../../../domain/access';
import { checkRouteAccess } from '../../../lib/route-access';
import { paths } from '../../../config/paths';

const AUTH_PAGES: readonly string[] = [
  paths.login,
  paths.signup,
  paths.forgotPassword,
  paths.resetPassword,
];

type FromLocation = { pathname: string; search?: string; hash?: string };

function isFromLocation(value: unknown): value is FromLocation {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { pathname?: unknown }).pathname === 'string'
  );
}

/** The router state the guard sets when it sends a visitor to sign in. */
export type SignInRedirectState = { from: FromLocation };

/**
 * Where to go after signing in: back to the page the visitor was sent from when
 * the new role may open it, otherwise the role's home. Router state is
 * untyped, so it is checked before use.
 */
export function redirectAfterSignIn(routerState: unknown, role: Role | null): string {
  const from = (routerState as { from?: unknown } | null)?.from;
  if (isFromLocation(from) && !AUTH_PAGES.includes(from.pathname)) {
    const allowed = checkRouteAccess(from.pathname, { signedIn: true, role }) === 'allowed';
    if (allowed) return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  return homePathFor(role);
}
