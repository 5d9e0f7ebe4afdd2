export * from './api';
export * from './file-text';
export * from './templates';
export * from './source-contact';
export * from './csv-formats';
export * from './vcard';
export * from './parse-file';
export * from './customer-merge';
