export * from './error-response';
export * from './me';
export * from './text';
