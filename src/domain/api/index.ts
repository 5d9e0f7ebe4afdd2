export * from './error-response';
export * from './me';
