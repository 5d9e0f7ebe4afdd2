import { z } from 'zod';

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

/** Call with the text without mail headers: the sender (a concierge desk) is not the passenger. */
export function findEmail(text: string): string | null {
  const email = EMAIL.exec(text)?.[0].toLowerCase() ?? null;
  return email && z.email().safeParse(email).success ? email : null;
}
