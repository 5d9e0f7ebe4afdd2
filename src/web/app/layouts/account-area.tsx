import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Role } from '../../../domain/access';
import { paths } from '../../config/paths';
import classes from './app-layout.module.css';

type AccountAreaProps = {
  isSignedIn: boolean;
  role: Role | null;
  isSigningOut: boolean;
  showSignIn: boolean;
  onSignOut: () => void;
};

/** The header's right side: the role and Sign Out, or a way to sign in. */
export function AccountArea({
  isSignedIn,
  role,
  isSigningOut,
  showSignIn,
  onSignOut,
}: AccountAreaProps) {
  if (!isSignedIn) {
    return showSignIn ? (
      <Button
        component={Link}
        to={paths.login}
        color="gold.4"
        size="sm"
        className={classes.touchTarget}
      >
        Sign in
      </Button>
    ) : null;
  }
  return (
    <Group gap="md" wrap="nowrap">
      {role ? (
        <Text size="sm" c="navy.1" visibleFrom="md">
          Role: {role}
        </Text>
      ) : null}
      <Button
        variant="outline"
        color="gold.4"
        size="sm"
        className={`${classes.collapsibleButton} ${classes.touchTarget}`}
        disabled={isSigningOut}
        onClick={onSignOut}
      >
        Sign Out
      </Button>
    </Group>
  );
}
