import { Button, Container, Text } from '@mantine/core';
import { ArrowLeft, House } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { homePathFor } from '../../../../domain/access';
import { PageTitle } from '../../../components/page-title';
import { useMe } from '../api/get-me';

/** The router state the guard sets: whether the page was open when access changed. */
export type UnauthorizedState = { isAccessChanged: boolean };

function isAccessChanged(state: unknown): boolean {
  return (state as Partial<UnauthorizedState> | null)?.isAccessChanged === true;
}

export function UnauthorizedPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const me = useMe();
  if (isAccessChanged(state)) {
    // Going back would only come here again: the page is closed to this role now.
    return (
      <Container size="sm" py="xl">
        <PageTitle>Your access has changed</PageTitle>
        <Text mb="lg">
          Your account&apos;s role or access was changed while you had this page open, so it is no
          longer open to you. Anything unsaved on it could not be kept.
        </Text>
        <Button
          component={Link}
          to={homePathFor(me.data?.role ?? null)}
          leftSection={<House size={16} aria-hidden />}
        >
          Go to your home page
        </Button>
      </Container>
    );
  }
  return (
    <Container size="sm" py="xl">
      <PageTitle>Unauthorized Access</PageTitle>
      <Text mb="lg">You don&apos;t have permission to access this page.</Text>
      <Button leftSection={<ArrowLeft size={16} aria-hidden />} onClick={() => void navigate(-1)}>
        Go Back
      </Button>
    </Container>
  );
}
