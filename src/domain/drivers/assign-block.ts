import { PAPERS_NOT_IN_ORDER } from '../documents/papers-words';
import type { DriverStatus } from './api';

/** Why dispatch cannot give a driver a job now, as a picker shows it beside the name. */
export type AssignBlock = 'suspended' | typeof PAPERS_NOT_IN_ORDER;

/**
 * Why dispatch cannot give this driver a job now, or null when it can:
 * suspended, or their papers or their car's not in order (`paperProblems`,
 * which the drivers lists carry; absent: not read, as in a live event). The
 * one rule behind every assignment picker (the panel's Assign and Another
 * driver, Nearest Drivers, Jobs' bulk Assign). The server still judges
 * (checkAssignment): a list read before a change errs only until it is read
 * again.
 */
export function assignBlock(driver: {
  status: DriverStatus;
  paperProblems?: readonly string[] | undefined;
}): AssignBlock | null {
  if (driver.status === 'suspended') return 'suspended';
  if (driver.paperProblems && driver.paperProblems.length > 0) return PAPERS_NOT_IN_ORDER;
  return null;
}
