export * from './business';
export * from './notifications';
export * from './api';
