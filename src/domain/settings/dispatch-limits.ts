// Settings → Dispatch's bounds, free of zod: the driver app's first download
// takes the defaults (driver-job-rules.ts) without the settings' schemas.

export const ACKNOWLEDGEMENT_TIMEOUT_MINUTES = { min: 1, max: 120, default: 5 } as const;
export const NO_SHOW_WAIT_MINUTES = { min: 1, max: 60, default: 10 } as const;
/**
 * How long before the pickup time a driver may tap En route, and Completed
 * (decision 103): half an hour to a day, 2 hours unless the owner sets it
 * longer for long drives out to country pickups.
 */
export const SET_OFF_WINDOW_MINUTES = { min: 30, max: 24 * 60, default: 120 } as const;
