import { lazy, Suspense, useEffect, useState } from 'react';
import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
// `showNotification`, not `notifications`: the shell's chunk takes bindings by
// name from this index, and `notifications` would also match `Notifications`.
import { showNotification } from '@mantine/notifications';
import { Outlet, useLocation } from 'react-router';
import {
  activeNavPath,
  navItemsFor,
  readsSharedDocumentsInDialog,
  type Role,
} from '../../../domain/access';
import { paths } from '../../config/paths';
import { AwaitingRoleNotice } from '../../features/auth/components/awaiting-role-notice';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { useScrollToTopOnNewPage } from '../hooks/use-scroll-to-top-on-new-page';
import { useDialogOpener } from '../../lib/dialog-opener';
import { useSlashToSearch } from '../hooks/use-slash-to-search';
import { AccountArea } from './account-area';
import classes from './app-layout.module.css';
import { BrandLink } from './brand-link';
import { HeaderNav } from './main-nav';
import { SharedDocumentsButton } from './shared-documents-button';
import { SideRail } from './side-rail';

// The phone menu's Drawer (Modal, focus trap, transitions) is fetched on the
// first tap of the burger, not with every page.
const MenuDrawer = lazy(async () => ({ default: (await import('./menu-drawer')).MenuDrawer }));

const HEADER_HEIGHT = 64;
const MAIN_ID = 'main-content';
const RAIL_WIDTH = 96;

// The dispatcher and admin layouts have a top bar and a side bar (spec 2).
function hasSideRail(role: Role | null): boolean {
  return role === 'admin' || role === 'dispatcher';
}

export function AppLayout() {
  const { pathname } = useLocation();
  const { user, role, loading, error, isCheckingSession, signOut } = useAuth();
  const [isMenuOpen, menu] = useDisclosure(false);
  const [hasMenu, setHasMenu] = useState(false);
  const menuOpener = useDialogOpener();

  const items = navItemsFor(role);
  const activePath = activeNavPath(items, pathname);
  const showRail = hasSideRail(role);
  useSlashToSearch(role === 'dispatcher');
  useScrollToTopOnNewPage();

  useEffect(() => {
    // Only the notifications store is in the first download: the container loads on this first use.
    if (error) showNotification({ color: 'red', title: 'Could not sign out', message: error });
  }, [error]);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={
        showRail ? { width: RAIL_WIDTH, breakpoint: 'sm', collapsed: { mobile: true } } : undefined
      }
      padding="md"
      withBorder={false}
    >
      <Anchor
        href={`#${MAIN_ID}`}
        className={classes.skipLink}
        onClick={(event) => {
          // Move focus without a hash change, which the router would treat as navigation.
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        Skip to main content
      </Anchor>

      <AppShell.Header className={classes.header} bg="navy.9">
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger
              opened={isMenuOpen}
              onClick={(event) => {
                menuOpener.remember(event.currentTarget);
                setHasMenu(true);
                menu.toggle();
              }}
              hiddenFrom="sm"
              size="sm"
              className={classes.touchTarget}
              color="white"
              aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={isMenuOpen}
            />
            <BrandLink />
            {isCheckingSession ? null : <HeaderNav items={items} activePath={activePath} />}
          </Group>
          {isCheckingSession ? null : (
            <Group gap="xs" wrap="nowrap">
              {user !== null && role !== null && readsSharedDocumentsInDialog(role) ? (
                <SharedDocumentsButton role={role} />
              ) : null}
              <AccountArea
                isSignedIn={user !== null}
                role={role}
                isSigningOut={loading}
                showSignIn={pathname !== paths.login}
                onSignOut={() => void signOut()}
              />
            </Group>
          )}
        </Group>
      </AppShell.Header>

      {showRail ? (
        <AppShell.Navbar aria-label="Quick actions" className={classes.rail} bg="navy.8">
          <SideRail />
        </AppShell.Navbar>
      ) : null}

      <AppShell.Main id={MAIN_ID} tabIndex={-1} bg="gray.0" className={classes.main}>
        {isCheckingSession ? null : <AwaitingRoleNotice />}
        <Outlet />
      </AppShell.Main>

      {hasMenu ? (
        <Suspense fallback={null}>
          <MenuDrawer
            opened={isMenuOpen}
            onClose={() => {
              menu.close();
              menuOpener.returnFocus();
            }}
            items={items}
            activePath={activePath}
            role={role}
          />
        </Suspense>
      ) : null}
    </AppShell>
  );
}
