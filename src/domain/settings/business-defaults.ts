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

export const DEFAULT_BUSINESS: BusinessSettings = {
  name: 'Perth Chauffeur Ops',
  phone: '+61 8 9000 0000',
  email: '',
  bookNowUrl: '/book',
};
