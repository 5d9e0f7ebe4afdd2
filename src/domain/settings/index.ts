export * from './business';
export * from './notifications';
export * from './dispatch';
export * from './api';
