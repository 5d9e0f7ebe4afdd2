export * from './status';
export * from './source';
export * from './reference';
export * from './online-booking';
export * from './api';
export * from './shuttle';
export * from './changes';
export * from './driver-progress';
