/** One booking event, as the metrics need it. */
export type MetricEvent = {
  bookingId: string;
  type: string;
  toStatus: string | null;
  actorUserId: string | null;
  /** For 'assigned' events: the driver the booking went to. */
  driverId: string | null;
  occurredAt: Date;
};

/**
 * Acceptance rate: of the times a booking was assigned to this driver, the
 * share the driver kept. An assignment counts as not kept when the booking's
 * next change went back to pending (taken off), to another driver, or was a
 * cancellation made by the driver's own account. An assignment with no later
 * change is still open and not counted either way. Null with nothing decided.
 */
export function acceptanceRate(
  events: readonly MetricEvent[],
  driverId: string,
  driverUserId: string | null,
): number | null {
  const byBooking = new Map<string, MetricEvent[]>();
  for (const event of events) {
    const list = byBooking.get(event.bookingId) ?? [];
    list.push(event);
    byBooking.set(event.bookingId, list);
  }
  let decided = 0;
  let kept = 0;
  for (const list of byBooking.values()) {
    list.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    list.forEach((event, index) => {
      if (event.type !== 'assigned' || event.driverId !== driverId) return;
      const next = list.slice(index + 1).find((later) => later.type !== 'updated');
      if (!next) return;
      decided += 1;
      const droppedByDriver =
        next.toStatus === 'pending' ||
        (next.type === 'assigned' && next.driverId !== driverId) ||
        (next.toStatus === 'cancelled' &&
          driverUserId !== null &&
          next.actorUserId === driverUserId);
      if (!droppedByDriver) kept += 1;
    });
  }
  return decided === 0 ? null : kept / decided;
}

/** completed / (completed + no-show + cancelled while the driver held the booking). */
export function completionRate(counts: {
  completed: number;
  noShow: number;
  cancelledAfterAssignment: number;
}): number | null {
  const total = counts.completed + counts.noShow + counts.cancelledAfterAssignment;
  return total === 0 ? null : counts.completed / total;
}

/** Share of completed jobs whose 'arrived' came at or before the pickup time. */
export function onTimeRate(
  jobs: readonly { pickupTime: Date; arrivedAt: Date | null }[],
): number | null {
  const measured = jobs.filter((job) => job.arrivedAt !== null);
  if (measured.length === 0) return null;
  const onTime = measured.filter((job) => job.arrivedAt!.getTime() <= job.pickupTime.getTime());
  return onTime.length / measured.length;
}
