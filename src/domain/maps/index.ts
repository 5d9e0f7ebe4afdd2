export * from './lat-lng';
export * from './haversine';
export * from './drive-time';
export * from './maps-api';
export * from './same-place';
export * from './place-match';
export * from './address-text';
export * from './known-places';
