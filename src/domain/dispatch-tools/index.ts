export * from './api';
export * from './multi-booking';
