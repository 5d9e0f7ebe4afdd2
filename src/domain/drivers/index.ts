export * from './api';
export * from './availability';
export * from './rating';
export * from './roster';
