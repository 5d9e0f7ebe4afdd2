export * from './api';
export * from './job-history';
