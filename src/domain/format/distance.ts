const ONE_DECIMAL = new Intl.NumberFormat('en-AU', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const WHOLE = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

/** '12.3 km' from 12_300 metres; half a tenth rounds up. */
export function formatKm(meters: number): string {
  // Round in whole tenths first: 12_350 m is 12.35 km, and the double nearest
  // 12.35 lies below it, so formatting the km value directly would show 12.3.
  const tenths = Math.round(meters / 100);
  return `${ONE_DECIMAL.format(tenths / 10 + 0)} km`;
}

/** '25 min'. A part minute counts as a whole one, as in the fare rule. */
export function formatMinutes(minutes: number): string {
  return `${WHOLE.format(Math.ceil(minutes) + 0)} min`;
}
