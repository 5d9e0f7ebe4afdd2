export * from './sign-in-lockout';
