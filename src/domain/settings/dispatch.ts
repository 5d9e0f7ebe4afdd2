import { z } from 'zod';

/** Settings → Dispatch: how long dispatch waits on drivers. */
export const ACKNOWLEDGEMENT_TIMEOUT_MINUTES = { min: 1, max: 120, default: 5 } as const;
export const NO_SHOW_WAIT_MINUTES = { min: 1, max: 60, default: 10 } as const;

function wholeMinutes(bounds: { min: number; max: number }) {
  return z
    .number({ error: 'enter a number of minutes' })
    .int('enter whole minutes')
    .min(bounds.min, `must be at least ${bounds.min} minute`)
    .max(bounds.max, `must be at most ${bounds.max} minutes`);
}

export const DispatchSettingsSchema = z.object({
  /** An assignment the driver has not accepted after this long is flagged to dispatch. */
  acknowledgementTimeoutMinutes: wholeMinutes(ACKNOWLEDGEMENT_TIMEOUT_MINUTES),
  /** After arriving at the pickup, how long a driver waits before a no-show. */
  noShowWaitMinutes: wholeMinutes(NO_SHOW_WAIT_MINUTES),
});
export type DispatchSettings = z.infer<typeof DispatchSettingsSchema>;

export const DEFAULT_DISPATCH: DispatchSettings = {
  acknowledgementTimeoutMinutes: ACKNOWLEDGEMENT_TIMEOUT_MINUTES.default,
  noShowWaitMinutes: NO_SHOW_WAIT_MINUTES.default,
};
