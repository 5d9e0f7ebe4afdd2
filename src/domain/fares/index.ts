export * from './tariffs';
export * from './quote-fare';
