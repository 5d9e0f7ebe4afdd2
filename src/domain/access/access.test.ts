import { describe, expect, it } from 'vitest';
import {
  activeNavPath,
  can,
  checkAreaAccess,
  checkPermission,
  DEFAULT_ACCESS_TABLE,
  dispatchExitPath,
  homePathFor,
  navItemsFor,
  readsSharedDocumentsInDialog,
  type Role,
} from './index';

const signedIn = (role: Role | null) => ({ signedIn: true, role });

describe('area access', () => {
  it('lets anyone open a public page (no area)', () => {
    expect(checkAreaAccess(null, { signedIn: false, role: null })).toBe('allowed');
  });

  it('sends a visitor who is not signed in to sign in on a protected area', () => {
    expect(checkAreaAccess('dispatch', { signedIn: false, role: null })).toBe('sign-in');
  });

  it('requires an exactly matching role, and follows an edited table', () => {
    expect(checkAreaAccess('dispatch', signedIn('admin'))).toBe('unauthorized');
    expect(checkAreaAccess('admin', signedIn('admin'))).toBe('allowed');
    expect(checkAreaAccess('admin', signedIn(null))).toBe('unauthorized');
    const table = { ...DEFAULT_ACCESS_TABLE, dispatch: ['dispatcher', 'admin'] as Role[] };
    expect(checkAreaAccess('dispatch', signedIn('admin'), table)).toBe('allowed');
  });
});

describe('navigation', () => {
  it('lists exactly the spec items per role', () => {
    expect(navItemsFor('admin').map((i) => i.path)).toEqual([
      '/admin',
      '/customers',
      '/dispatch',
      '/settings',
    ]);
    expect(navItemsFor('dispatcher').map((i) => i.path)).toEqual([
      '/dispatch',
      '/jobs',
      '/timeline',
      '/search',
    ]);
    expect(navItemsFor('driver').map((i) => i.path)).toEqual([
      '/driver',
      '/driver/jobs',
      '/driver/history',
      '/driver/documents',
    ]);
    expect(navItemsFor(null).map((i) => i.path)).toEqual(['/calculator']);
  });

  it('highlights the item whose path the current path starts with, the longest one', () => {
    const items = navItemsFor('driver');
    expect(activeNavPath(items, '/driver')).toBe('/driver');
    expect(activeNavPath(items, '/driver/jobs/17')).toBe('/driver/jobs');
    expect(activeNavPath(navItemsFor('admin'), '/customers/abc')).toBe('/customers');
    expect(activeNavPath(navItemsFor('admin'), '/calculator')).toBeNull();
  });

  it('lands each role on its first nav item', () => {
    expect(homePathFor('admin')).toBe('/admin');
    expect(homePathFor('dispatcher')).toBe('/dispatch');
    expect(homePathFor('driver')).toBe('/driver');
    expect(homePathFor(null)).toBe('/calculator');
  });

  it("sends the dispatch screen's Exit to /admin, or a dispatcher to their next page (decision 226)", () => {
    expect(dispatchExitPath('admin')).toBe('/admin');
    expect(dispatchExitPath('dispatcher')).toBe('/jobs');
    // The owner gave dispatchers the dashboard: the spec's /admin.
    expect(
      dispatchExitPath('dispatcher', { ...DEFAULT_ACCESS_TABLE, admin: ['admin', 'dispatcher'] }),
    ).toBe('/admin');
    // Jobs taken away: the next page they may open.
    expect(dispatchExitPath('dispatcher', { ...DEFAULT_ACCESS_TABLE, jobs: [] })).toBe('/timeline');
    expect(dispatchExitPath(null)).toBe('/calculator');
  });
});

describe('API permissions', () => {
  it('lets dispatchers read and create customers but not manage them', () => {
    expect(can('dispatcher', 'customers:read')).toBe(true);
    expect(can('dispatcher', 'customers:create')).toBe(true);
    expect(can('dispatcher', 'customers:manage')).toBe(false);
    expect(can('admin', 'customers:manage')).toBe(true);
  });

  it('answers unauthenticated before forbidden', () => {
    expect(checkPermission('settings:read', { signedIn: false, role: null })).toBe(
      'unauthenticated',
    );
    expect(checkPermission('settings:read', signedIn('driver'))).toBe('forbidden');
    expect(checkPermission('signed-in', signedIn(null))).toBe('allowed');
    expect(checkPermission('public', { signedIn: false, role: null })).toBe('allowed');
  });

  it('opens live events to every role, not to an account waiting for one', () => {
    expect(checkPermission('events:read', signedIn(null))).toBe('forbidden');
    expect(checkPermission('events:read', { signedIn: false, role: null })).toBe('unauthenticated');
    for (const role of ['admin', 'operator', 'dispatcher', 'driver'] as const) {
      expect(checkPermission('events:read', signedIn(role))).toBe('allowed');
    }
  });
});

describe('shared documents for roles without a documents screen (decision 40)', () => {
  it.each([
    ['dispatcher', true],
    ['operator', true],
    ['admin', false],
    ['driver', false],
    [null, false],
  ] as const)('%s reads them in a dialog: %s', (role, expected) => {
    expect(readsSharedDocumentsInDialog(role)).toBe(expected);
  });
});
