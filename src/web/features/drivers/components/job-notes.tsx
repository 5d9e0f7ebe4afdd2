import { Button, Text } from '@mantine/core';
import { useId, useState } from 'react';

/** Lines of a long note shown before 'Show more'. */
const CLAMPED_LINES = 3;
/** About what one line of the card holds on a 390 px phone, in bold. */
const CHARS_PER_LINE = 38;

/**
 * Whether a note would take more than three lines on a phone: each typed line
 * takes at least one. An estimate, not a measurement, so that a note is
 * clamped only with its toggle beside it (a clamp alone would hide the rest).
 */
export function isLongNote(text: string): boolean {
  const lines = text
    .split('\n')
    .reduce((total, line) => total + Math.max(1, Math.ceil(line.length / CHARS_PER_LINE)), 0);
  return lines > CLAMPED_LINES;
}

/**
 * The job's notes, emphasised: what the office wants the driver to see. A
 * long one (a pasted email) shows three lines and 'Show more', so the
 * details, Navigate and the next step stay near.
 */
export function JobNotes({ notes }: { notes: string }) {
  const [isExpanded, setExpanded] = useState(false);
  const textId = useId();
  const isLong = isLongNote(`Notes: ${notes}`);
  return (
    <div>
      <Text
        id={textId}
        fw={600}
        c="orange.9"
        // The driver's own line breaks are kept.
        style={{ whiteSpace: 'pre-line' }}
        lineClamp={isLong && !isExpanded ? CLAMPED_LINES : undefined}
      >
        Notes: {notes}
      </Text>
      {isLong ? (
        <Button
          variant="subtle"
          color="orange.9"
          size="md"
          // A thumb-sized target, as the alerts' close buttons (44 px).
          h={44}
          px={0}
          aria-expanded={isExpanded}
          aria-controls={textId}
          onClick={() => setExpanded((expanded) => !expanded)}
        >
          {isExpanded ? 'Show less' : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}
