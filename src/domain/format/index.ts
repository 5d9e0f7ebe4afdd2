export * from './money';
export * from './distance';
export * from './dates';
