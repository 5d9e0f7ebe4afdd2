import { Anchor, Container, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <Container size="sm" py="xl">
      <PageTitle>Page not found</PageTitle>
      <Text mb="md">There is no page at this address.</Text>
      <Anchor component={Link} to={paths.home}>
        Go to the home page
      </Anchor>
    </Container>
  );
}
