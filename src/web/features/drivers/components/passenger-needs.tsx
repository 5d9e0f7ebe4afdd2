import { Badge, Stack } from '@mantine/core';
import type { DriverJob } from '../../../../domain/bookings/driver-jobs';
import { describePassengers } from '../../fares/utils/trip-options';

function count(amount: number, one: string, many: string): string {
  return `${amount} ${amount === 1 ? one : many}`;
}

// A badge may hold a sentence (the assistance needs): it wraps instead of cutting it short.
const WRAPPING = {
  root: { height: 'auto', minHeight: 32, paddingBlock: 4, maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
} as const;

/**
 * Who and what the driver carries, each on a line of its own, large enough to
 * read at a glance: passengers and luggage, then what needs the driver's
 * preparation (child seats, wheelchairs, assistance) in a warning colour.
 */
export function PassengerNeeds({ job }: { job: DriverJob }) {
  const needs: { key: string; text: string; isSpecial: boolean }[] = [
    { key: 'passengers', text: describePassengers(job.numPassengers), isSpecial: false },
    { key: 'luggage', text: count(job.numSuitcases, 'suitcase', 'suitcases'), isSpecial: false },
  ];
  if (job.childSeats > 0) {
    needs.push({
      key: 'child-seats',
      text: count(job.childSeats, 'child seat', 'child seats'),
      isSpecial: true,
    });
  }
  if (job.wheelchairPassengers > 0) {
    needs.push({
      key: 'wheelchair',
      text: count(job.wheelchairPassengers, 'wheelchair passenger', 'wheelchair passengers'),
      isSpecial: true,
    });
  }
  if (job.assistanceNeeds) {
    needs.push({ key: 'assistance', text: `Assistance: ${job.assistanceNeeds}`, isSpecial: true });
  }
  return (
    <Stack gap={6} align="flex-start" role="list" aria-label="Passengers and needs">
      {needs.map((need) => (
        <Badge
          key={need.key}
          role="listitem"
          size="xl"
          radius="sm"
          tt="none"
          variant={need.isSpecial ? 'filled' : 'light'}
          color={need.isSpecial ? 'orange.9' : 'navy'}
          styles={WRAPPING}
        >
          {need.text}
        </Badge>
      ))}
    </Stack>
  );
}
