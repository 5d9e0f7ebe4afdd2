import type { DriverRecordStatus } from '../../../../domain/drivers';

export const RECORD_STATUS_COLORS: Record<DriverRecordStatus, string> = {
  active: 'green',
  pending: 'yellow',
  suspended: 'orange',
  inactive: 'gray',
};
