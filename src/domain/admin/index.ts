export * from './dashboard-api';
export * from './business-day';
export * from './driver-metrics';
