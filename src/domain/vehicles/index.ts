export * from './vehicle-types';
export * from './select-vehicle';
export * from './capacity';
export * from './plate';
export * from './fit';
export * from './api';
