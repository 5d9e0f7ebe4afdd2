import type { BusinessSettings } from './business';

export const DEFAULT_TIME_ZONE = 'Australia/Perth';

/** Every Australian IANA zone an admin may choose (the spec's three included). */
export const AUSTRALIAN_TIME_ZONES = [
  'Australia/Perth',
  'Australia/Eucla',
  'Australia/Darwin',
  'Australia/Adelaide',
  'Australia/Broken_Hill',
  'Australia/Brisbane',
  'Australia/Lindeman',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Hobart',
  'Australia/Lord_Howe',
] as const;

/**
 * A new business's details until the owner saves theirs. No phone: a made-up
 * number would reach customers in the booking confirmation and its mail; with
 * none, those leave the sentence out (decision 230). The demo data saves a
 * phone of its own.
 */
export const DEFAULT_BUSINESS: BusinessSettings = {
  name: 'Perth Chauffeur Ops',
  phone: '',
  email: '',
  bookNowUrl: '/book',
};
