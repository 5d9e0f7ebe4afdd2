export * from './money';
export * from './distance';
export * from './dates';
export * from './counts';
export * from './duration-words';
export * from './typed-number';
