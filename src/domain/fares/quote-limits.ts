/** The longest trip a quote is given for (a sanity bound on the route's figures). */
export const MAX_QUOTE_DISTANCE_METERS = 2_000_000;
export const MAX_QUOTE_DURATION_SECONDS = 172_800;
