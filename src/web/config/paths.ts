/**
 * Every client path in one table. Route definitions, links and redirects read
 * from here, so a path is spelled once.
 */
export const paths = {
  home: '/',
  calculator: '/calculator',
  widget: '/widget',
  book: '/book',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  setup: '/setup',
  unauthorized: '/unauthorized',
  admin: '/admin',
  adminDrivers: '/admin/drivers',
  adminVehicles: '/admin/vehicles',
  adminSchedules: '/admin/schedules',
  adminMail: '/admin/mail',
  adminReports: '/admin/reports',
  adminDocuments: '/admin/documents',
  customers: '/customers',
  settings: '/settings',
  dispatch: '/dispatch',
  jobs: '/jobs',
  timeline: '/timeline',
  search: '/search',
  driver: '/driver',
  driverJobs: '/driver/jobs',
  driverHistory: '/driver/history',
  driverDocuments: '/driver/documents',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
