export * from './api';
export * from './business-names';
export * from './compliance';
export * from './expiry';
export * from './files';
export * from './requirements';
export * from './document-dates';
export * from './document-changes';
