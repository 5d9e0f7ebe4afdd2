import { matchRoutes } from 'react-router';
import {
  AREA_PATHS,
  AREAS,
  checkAreaAccess,
  type AccessTable,
  type Area,
  type PathAccess,
  type Role,
} from '../../domain/access';

// Each protected area as a route, matched by the router's own matcher: the
// path is read as the router reads it when it picks the page (percent-decoded,
// in any letter case), so '/ADMIN' and '/%61dmin' are the admin area here as
// they are the admin dashboard there.
const AREA_ROUTES = AREAS.map((area) => ({ id: area, path: `${AREA_PATHS[area]}/*` }));

/** The protected area an address opens, or null for a public page. */
export function routeArea(pathname: string): Area | null {
  const [match] = matchRoutes(AREA_ROUTES, pathname) ?? [];
  return (match?.route.id as Area | undefined) ?? null;
}

/** Whether a viewer may open an address: the guard's check (and the sign-in redirect's). */
export function checkRouteAccess(
  pathname: string,
  viewer: { signedIn: boolean; role: Role | null },
  table?: AccessTable,
): PathAccess {
  return checkAreaAccess(routeArea(pathname), viewer, table);
}
