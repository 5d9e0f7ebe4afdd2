export * from './business';
