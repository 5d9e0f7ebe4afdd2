export * from './error-response';
export * from './me';
export * from './text';
export * from './page-cursor';
export * from './business-dates';
export * from './changed-since';
export * from './changed-since-words';
