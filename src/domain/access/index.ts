export * from './roles';
export * from './access-table';
export * from './access-table-schema';
export * from './navigation';
export * from './permissions';
export * from './edit-access-table';
