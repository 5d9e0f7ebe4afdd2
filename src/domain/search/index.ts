export * from './api';
export * from './phone-digits';
