export * from './phone';
export * from './names';
export * from './search';
export * from './api';
