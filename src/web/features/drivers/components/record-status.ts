import type { DriverRecordStatus } from '../../../../domain/drivers';

export const RECORD_STATUS_COLORS: Record<DriverRecordStatus, string> = {
  active: 'green',
  suspended: 'orange',
  inactive: 'gray',
};
