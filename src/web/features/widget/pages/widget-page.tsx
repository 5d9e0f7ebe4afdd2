import { Container } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';

/** Embedded on other sites, so it renders without the app's header or rail. */
export function WidgetPage() {
  return (
    <Container size="sm" py="md">
      <PageTitle>Fare Calculator</PageTitle>
    </Container>
  );
}
