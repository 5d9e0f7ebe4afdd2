import { z } from 'zod';
import { countOf } from '../format/duration-words';
import {
  ACKNOWLEDGEMENT_TIMEOUT_MINUTES,
  NO_SHOW_WAIT_MINUTES,
  SET_OFF_WINDOW_MINUTES,
} from './dispatch-limits';

/** Settings → Dispatch: how long dispatch waits on drivers, and how early a driver may set off. */
export * from './dispatch-limits';

function wholeMinutes(bounds: { min: number; max: number }) {
  return z
    .number({ error: 'enter a number of minutes' })
    .int('enter whole minutes')
    .min(bounds.min, `must be at least ${countOf(bounds.min, 'minute')}`)
    .max(bounds.max, `must be at most ${countOf(bounds.max, 'minute')}`);
}

export const DispatchSettingsSchema = z.object({
  /** An assignment the driver has not accepted after this long is flagged to dispatch. */
  acknowledgementTimeoutMinutes: wholeMinutes(ACKNOWLEDGEMENT_TIMEOUT_MINUTES),
  /** After arriving at the pickup, how long a driver waits before a no-show. */
  noShowWaitMinutes: wholeMinutes(NO_SHOW_WAIT_MINUTES),
  /** How long before the pickup time a driver may set off (En route) or complete the job. */
  setOffWindowMinutes: wholeMinutes(SET_OFF_WINDOW_MINUTES),
});
export type DispatchSettings = z.infer<typeof DispatchSettingsSchema>;

/**
 * What a save may send: the set-off window may be left out, and then keeps
 * its saved value. A Settings tab loaded before the window existed (decision
 * 105), or a script written against the two timings, still saves them.
 */
export const DispatchSettingsInputSchema = DispatchSettingsSchema.partial({
  setOffWindowMinutes: true,
});

export const DEFAULT_DISPATCH: DispatchSettings = {
  acknowledgementTimeoutMinutes: ACKNOWLEDGEMENT_TIMEOUT_MINUTES.default,
  noShowWaitMinutes: NO_SHOW_WAIT_MINUTES.default,
  setOffWindowMinutes: SET_OFF_WINDOW_MINUTES.default,
};
