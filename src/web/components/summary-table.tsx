import type { CSSProperties, ReactNode } from 'react';
import { Box, rem, type BoxProps } from '@mantine/core';
import classes from './summary-table.module.css';

/**
 * A label/value table (a quote's breakdown, a trip's summary) that looks like
 * Mantine's Table with row borders. Mantine's Table always brings its scroll
 * container, and with it the ScrollArea and Floating UI, into every public
 * page's first download; these tables never scroll (decision 75).
 */
export function SummaryTable({
  label,
  rowSpacing,
  children,
}: {
  /** The table's accessible name. */
  label: string;
  /** Space above and below each row's text, in px. */
  rowSpacing: number;
  children: ReactNode;
}) {
  return (
    <table
      className={classes.table}
      aria-label={label}
      style={{ '--summary-row-spacing': rem(rowSpacing) } as CSSProperties}
    >
      <tbody>{children}</tbody>
    </table>
  );
}

/** One row: the label as the row's header cell, then its value. */
export function SummaryTableRow({
  label,
  children,
  labelProps,
  valueProps,
}: {
  label: ReactNode;
  children: ReactNode;
  /** Mantine style props for the label cell (weight, colour, width). */
  labelProps?: BoxProps;
  valueProps?: BoxProps;
}) {
  return (
    <tr className={classes.row}>
      <Box component="th" scope="row" className={classes.cell} {...labelProps}>
        {label}
      </Box>
      <Box component="td" className={classes.cell} {...valueProps}>
        {children}
      </Box>
    </tr>
  );
}
