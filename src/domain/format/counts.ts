const COUNT = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

/** '10,000': a count of rows, bookings or people. */
export function formatCount(count: number): string {
  return COUNT.format(count);
}
