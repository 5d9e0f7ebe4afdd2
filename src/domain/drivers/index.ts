export * from './api';
export * from './availability';
