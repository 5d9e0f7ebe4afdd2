export * from './vehicle-types';
export * from './select-vehicle';
export * from './capacity';
