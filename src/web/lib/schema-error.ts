import type { z } from 'zod';

/**
 * A form field checked with the schema the server checks it with (the
 * field's own zod schema from src/domain), so the browser and the API never
 * disagree about what is valid. `message` is what the screen says (the spec's
 * wording); the schema only decides.
 */
export function schemaError(schema: z.ZodType, value: unknown, message: string): string | null {
  return schema.safeParse(value).success ? null : message;
}
