import { expect } from 'vitest';
import type { z } from 'zod';

type Schema = z.core.$ZodType;

/**
 * The longest text a schema accepts (its `.max()`), looking through
 * optional, nullable, default, transform and `'' | ...` unions; null when it
 * sets none.
 */
export function schemaMaxLength(schema: Schema): number | null {
  const def = schema._zod.def as { type: string } & Record<string, unknown>;
  switch (def.type) {
    case 'string': {
      const max = (schema as unknown as { maxLength: number | null }).maxLength;
      return max ?? null;
    }
    case 'pipe':
      return schemaMaxLength(def.in as Schema);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return schemaMaxLength(def.innerType as Schema);
    case 'union': {
      const maxima = (def.options as Schema[])
        .map(schemaMaxLength)
        .filter((max): max is number => max !== null);
      return maxima.length > 0 ? Math.max(...maxima) : null;
    }
    default:
      return null;
  }
}

/** Text inputs a person types into: what a maxLength applies to. */
const TEXT_INPUTS =
  'input:not([type]), input[type="text"], input[type="email"], input[type="tel"], input[type="search"], input[type="url"], input[type="password"], textarea';

function accessibleName(input: HTMLElement): string {
  const labelledBy = input.getAttribute('aria-labelledby');
  if (labelledBy) {
    const text = labelledBy
      .split(' ')
      .map((id) => input.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
    if (text) return text;
  }
  const label = input.id ? input.ownerDocument.querySelector(`label[for="${input.id}"]`) : null;
  // Mantine marks a required field's label with ' *'.
  const text = label?.textContent?.replace(/\s*\*$/, '').trim();
  return text || input.getAttribute('aria-label') || input.getAttribute('placeholder') || '';
}

/**
 * Walks every text input in `container` and expects each to carry the
 * maxLength of the server's schema for its field, keyed by the input's label.
 * An input the map does not name fails too: a new field needs its limit.
 * Inputs named in `unlimited` (a select's search box, say) are skipped.
 */
export function expectInputsCappedLikeSchema(
  container: HTMLElement,
  fields: Record<string, Schema>,
  unlimited: string[] = [],
): void {
  const inputs = [...container.querySelectorAll<HTMLInputElement>(TEXT_INPUTS)].filter(
    // A number field (Mantine's NumberInput is a text input) is limited by its range.
    (input) => !input.readOnly && !['numeric', 'decimal'].includes(input.inputMode),
  );
  const seen = new Set<string>();
  for (const input of inputs) {
    const name = accessibleName(input);
    if (unlimited.includes(name)) continue;
    expect(Object.keys(fields), `an input labelled "${name}" has no schema field`).toContain(name);
    const max = schemaMaxLength(fields[name]!);
    expect(max, `the schema of "${name}" sets no max length`).not.toBeNull();
    expect(input.maxLength, `maxLength of "${name}"`).toBe(max);
    seen.add(name);
  }
  expect([...seen].sort(), 'every field named was found in the form').toEqual(
    Object.keys(fields).sort(),
  );
}
