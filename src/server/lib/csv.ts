/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage
 * return) as a formula; a leading quote makes it plain text (CSV injection).
 * Every CSV export passes its cells through this.
 */
export function neutralizeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}
