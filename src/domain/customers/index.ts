export * from './phone';
export * from './names';
