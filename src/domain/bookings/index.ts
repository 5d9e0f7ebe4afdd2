export * from './status';
export * from './reference';
export * from './online-booking';
export * from './api';
