import { Group, NavLink, Stack, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { NavItem } from '../../../domain/access';
import { paths } from '../../config/paths';
import { SEARCH_SHORTCUT } from '../hooks/use-slash-to-search';
import classes from './app-layout.module.css';

/** Search's link says its key ('/' opens it from any dispatcher screen); the others have none. */
function shortcutProps(item: NavItem) {
  return item.path === paths.search
    ? { 'aria-keyshortcuts': SEARCH_SHORTCUT, title: `Search (press ${SEARCH_SHORTCUT})` }
    : {};
}

type MainNavProps = {
  items: NavItem[];
  activePath: string | null;
};

/** The role's navigation as a row of links in the header. */
export function HeaderNav({ items, activePath }: MainNavProps) {
  return (
    <Group component="nav" aria-label="Main" gap={4} wrap="nowrap" ml="md" visibleFrom="sm">
      {items.map((item) => (
        <UnstyledButton
          key={item.path}
          component={Link}
          to={item.path}
          className={classes.navLink}
          aria-current={item.path === activePath ? 'page' : undefined}
          {...shortcutProps(item)}
        >
          {item.label}
        </UnstyledButton>
      ))}
    </Group>
  );
}

/** The same navigation as a list, for the phone menu drawer. */
export function DrawerNav({
  items,
  activePath,
  onNavigate,
}: MainNavProps & { onNavigate: () => void }) {
  return (
    <Stack component="nav" aria-label="Main" gap={4}>
      {items.map((item) => {
        const isActive = item.path === activePath;
        return (
          <NavLink
            key={item.path}
            component={Link}
            to={item.path}
            label={item.label}
            active={isActive}
            variant="filled"
            aria-current={isActive ? 'page' : undefined}
            {...shortcutProps(item)}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}
