export * from './phone';
export * from './names';
export * from './search';
export * from './api';
export * from './phone-display';
export * from './places';
