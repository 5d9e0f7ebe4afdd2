/**
 * For big buttons that share a row on the driver's phone: little padding at
 * the sides. With a size's own (32 px a side at xl, 26 at lg) 'Decline',
 * 'Message', 'This month' and 'Date range' were cut at 360 px wide.
 */
export const SIDE_BY_SIDE = { px: 'xs' } as const;
