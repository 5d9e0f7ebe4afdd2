import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_TABLE, type Role } from '../../domain/access';
import { checkRouteAccess, routeArea } from './route-access';

const signedIn = (role: Role | null) => ({ signedIn: true, role });
const visitor = { signedIn: false, role: null };

describe('route access', () => {
  it('lets anyone open the public pages', () => {
    for (const path of ['/calculator', '/widget', '/login', '/unauthorized', '/book']) {
      expect(checkRouteAccess(path, visitor)).toBe('allowed');
    }
  });

  it('sends a visitor who is not signed in to sign in on a protected path', () => {
    expect(checkRouteAccess('/dispatch', visitor)).toBe('sign-in');
    expect(checkRouteAccess('/customers/42', visitor)).toBe('sign-in');
    // An unknown path under an area asks for sign-in before saying it is not found.
    expect(checkRouteAccess('/driver/anything', visitor)).toBe('sign-in');
  });

  it('requires an exactly matching role: an admin may not open dispatcher routes', () => {
    expect(checkRouteAccess('/dispatch', signedIn('admin'))).toBe('unauthorized');
    expect(checkRouteAccess('/jobs', signedIn('admin'))).toBe('unauthorized');
    expect(checkRouteAccess('/admin', signedIn('dispatcher'))).toBe('unauthorized');
    expect(checkRouteAccess('/admin', signedIn('driver'))).toBe('unauthorized');
  });

  it('grants each role exactly its areas from the spec', () => {
    expect(checkRouteAccess('/admin', signedIn('admin'))).toBe('allowed');
    expect(checkRouteAccess('/customers', signedIn('admin'))).toBe('allowed');
    expect(checkRouteAccess('/settings/fares', signedIn('admin'))).toBe('allowed');
    for (const path of ['/dispatch', '/jobs', '/timeline', '/search']) {
      expect(checkRouteAccess(path, signedIn('dispatcher'))).toBe('allowed');
    }
    for (const path of ['/driver', '/driver/jobs', '/driver/history']) {
      expect(checkRouteAccess(path, signedIn('driver'))).toBe('allowed');
    }
  });

  it('does not confuse a path that only shares a prefix with an area', () => {
    expect(routeArea('/administrator')).toBeNull();
    expect(routeArea('/drivers-club')).toBeNull();
    expect(routeArea('/driver/history')).toBe('driver');
  });

  // The router opens these as the protected pages (case-insensitive, percent-decoded):
  // the guard must see the same area, or the page renders for anyone.
  it.each([
    ['/ADMIN', 'admin'],
    ['/Admin/', 'admin'],
    ['/%61dmin', 'admin'],
    ['/%41DMIN', 'admin'],
    ['/Customers', 'customers'],
    ['/Dispatch', 'dispatch'],
    ['/%64ispatch', 'dispatch'],
    ['/DRIVER/jobs', 'driver'],
    ['/dRiVeR', 'driver'],
    ['/Settings/fares', 'settings'],
  ])('reads %s as the %s area, as the router does', (path, area) => {
    expect(routeArea(path)).toBe(area);
    expect(checkRouteAccess(path, visitor)).toBe('sign-in');
    expect(checkRouteAccess(path, signedIn('driver'))).toBe(
      area === 'driver' ? 'allowed' : 'unauthorized',
    );
  });

  it('follows an edited access table', () => {
    const table = { ...DEFAULT_ACCESS_TABLE, dispatch: ['dispatcher', 'admin'] as Role[] };
    expect(checkRouteAccess('/Dispatch', signedIn('admin'), table)).toBe('allowed');
  });
});
