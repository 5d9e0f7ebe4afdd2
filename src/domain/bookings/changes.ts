/** One changed field as a booking event records it. */
export type FieldChange = { from: unknown; to: unknown };

/**
 * The fields whose value differs between `before` and `after`, as
 * `{ field: { from, to } }`. Only the keys of `after` are compared; values
 * are compared as JSON, so pass comparable forms (ISO strings, cents).
 */
export function fieldChanges<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}
