export { createMapsService, type MapsService, type MapsServiceConfig } from './maps-service';
export * from './types';
