/**
 * Where a screen has room for one notice at a time (the dispatch board's
 * stacked map on a laptop), Mantine shows the highest priority first and,
 * within one priority, the oldest. A notice that stays until closed (a
 * warning to read, a conflict, an arrival) or tells of what happened
 * elsewhere (a job's new flag) takes this priority, below the default 0, so
 * the answer to what the user just did takes the place at once and the
 * notice comes back after it (decisions 176 and 248). Without it,
 * 'Booking X is now en-route.' waited behind a kept 'another job too close'
 * until that was closed.
 */
export const BACKGROUND_NOTICE_PRIORITY = -1;
