export * from './needs-attention';
export * from './api';
