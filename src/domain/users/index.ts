export * from './api';
export * from './invitation';
