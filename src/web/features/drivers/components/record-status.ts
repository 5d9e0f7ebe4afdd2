import type { DriverRecordStatus } from '../../../../domain/drivers';

/** A driver's record status as a badge colour: suspended is red wherever it shows, as 'cannot work'. */
export const RECORD_STATUS_COLORS: Record<DriverRecordStatus, string> = {
  active: 'green',
  pending: 'yellow',
  suspended: 'red',
  inactive: 'gray',
};
