export * from './api';
export * from './assign-block';
export * from './availability';
export * from './leave';
export * from './rating';
export * from './roster';
export * from './schedule';
