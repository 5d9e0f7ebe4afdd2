export * from './api';
export * from './multi-booking';
export * from './job-history';
