import { Card, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A driver's figures (earnings, rating, trips, no-shows) in small cards:
 * three to a row where they fit, two on a phone, where a third of the
 * screen cut '$2,420.00' to '$2,420.0' (a card hides what overflows it).
 */
export function FigureCards({ figures }: { figures: { label: string; value: ReactNode }[] }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
      {figures.map(({ label, value }) => (
        <Card key={label} withBorder padding="sm">
          <Text size="sm">{label}</Text>
          <Text fw={700} size="lg">
            {value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
