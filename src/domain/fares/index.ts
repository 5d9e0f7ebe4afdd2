export * from './tariffs';
export * from './quote-fare';
export * from './fare-components';
