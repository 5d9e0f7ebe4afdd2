import type { z } from 'zod';
import { asFieldSentence } from './api-client';

/**
 * A form field checked with the schema the server checks it with (the
 * field's own zod schema from src/domain), so the browser and the API never
 * disagree about what is valid. `message` is what the screen says (the spec's
 * wording); the schema only decides. Without `message`, the screen says what
 * it shows when the server refuses the field: the schema's own message.
 */
export function schemaError(schema: z.ZodType, value: unknown, message?: string): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return message ?? asFieldSentence(result.error.issues[0]?.message ?? 'is not valid');
}
