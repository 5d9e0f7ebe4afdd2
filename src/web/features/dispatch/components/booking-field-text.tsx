import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

// What the New Booking panel's fields say besides their value: a field's
// error as Mantine's form holds it, and Paste Booking's note at a field.

export function stringError(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A field's description, with Paste Booking's note on what the text asked for after it. */
export function withPasteNote(note: string | undefined, description?: string): ReactNode {
  if (!note) return description;
  return (
    <>
      {description ? `${description}. ` : null}
      <Text span inherit c="orange.9" fw={600}>
        {note}
      </Text>
    </>
  );
}
