import { Button, Container, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

/**
 * The router's last resort. A common cause is a page chunk that no longer
 * exists after a new release, which a reload fixes.
 */
export function RouteError() {
  const error = useRouteError();
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="md">
        Something went wrong
      </Title>
      <Text mb="xs">This page could not be shown. Reloading usually fixes it.</Text>
      <Text c="dimmed" size="sm" mb="lg">
        {describe(error)}
      </Text>
      <Button onClick={() => window.location.reload()}>Reload page</Button>
    </Container>
  );
}
