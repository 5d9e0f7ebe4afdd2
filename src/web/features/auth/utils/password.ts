/** The auth server's minimum (better-auth `minPasswordLength`), checked early in the form. */
export const MIN_PASSWORD_LENGTH = 8;
