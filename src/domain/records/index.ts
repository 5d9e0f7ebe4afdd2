export * from './wa-booking-records';
