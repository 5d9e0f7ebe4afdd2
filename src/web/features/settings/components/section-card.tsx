import { Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of the Settings screen: a heading, a line on what it does, its form. */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-label={title}
    >
      <Title order={2} size="h3">
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      ) : null}
      {children}
    </Card>
  );
}
