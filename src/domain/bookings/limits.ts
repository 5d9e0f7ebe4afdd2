// The numbers every booking schema checks (api.ts), in a module without
// schemas: a form that only shows a limit does not load zod with it.

/** The passenger and suitcase limits every booking schema checks; forms read them from here. */
export const MIN_PASSENGERS = 1;
export const MAX_PASSENGERS = 7;
export const MAX_SUITCASES = 20;

/** Child seats to fit before the pickup; any priced with the child seat fee (spec 5). */
export const MAX_CHILD_SEATS = 4;
/** What help the passengers need (walking frame, assistance animal ...), in a few words. */
export const MAX_ASSISTANCE_NEEDS_LENGTH = 200;
