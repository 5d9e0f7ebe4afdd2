// An account's text limits, without schemas: the public sign-in pages carry
// them as maxLength without loading zod (decision 60); api.ts checks them.

/** A person's name and email, wherever an account is made or edited (ours or the sign-in library's). */
export const USER_NAME_MAX = 120;
export const USER_EMAIL_MAX = 254;
/** The longest password any form or sign-in route takes. */
export const PASSWORD_MAX = 128;
