import { z } from 'zod';
import { AuthSignUpInputSchema } from '../settings/api';

// The first-run setup contract (POST /api/setup), shared by server and web.

/** The longest setup token accepted: the real one is 43 characters (32 random bytes, base64url). */
export const SETUP_TOKEN_MAX = 200;

/**
 * The first administrator: the setup link's token and the account, checked
 * by the sign-up's own rules (name, email, password).
 */
export const FirstAdminInputSchema = z.object({
  // Compared exactly, as sent (no trimming, no text clean-up): a token with a
  // space, in another case or with an invisible mark is another token.
  token: z.string().min(1, 'is required').max(SETUP_TOKEN_MAX),
  name: AuthSignUpInputSchema.shape.name,
  email: AuthSignUpInputSchema.shape.email,
  password: AuthSignUpInputSchema.shape.password,
});
export type FirstAdminInput = z.infer<typeof FirstAdminInputSchema>;
