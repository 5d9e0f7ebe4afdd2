export * from './auth';
export * from './user-profiles';
export * from './customers';
export * from './vehicles';
export * from './drivers';
export * from './bookings';
export * from './settings';
export * from './idempotency-keys';
