import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type JsonSchema = { [key: string]: unknown };

/**
 * zod writes `.nullable()` as `anyOf: [schema, { type: 'null' }]`, which
 * fast-json-stringify resolves per value by validating each branch (slow, and
 * an object with an undeclared field matches neither branch and throws):
 * the same as `type: [its type, 'null']`, which it writes directly.
 */
function nullableAsType(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsType);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = nullableAsType(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullAt = anyOf.findIndex((branch) => branch.type === 'null');
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && other && typeof other.type === 'string') {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * A serializer compiled from the schema's JSON Schema (fast-json-stringify):
 * it writes the declared fields only, in one pass, with no zod check. Null
 * when the schema has a part JSON Schema cannot say (a transform, a date).
 */
export function compileFastSerializer(schema: z.ZodType): Serialize | null {
  try {
    const json = nullableAsType(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }));
    return fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]) as Serialize;
  } catch {
    return null;
  }
}

/**
 * The answers of the hot routes (health, quotes, the bookings list) are ours,
 * built by our own code from typed values: re-checking each one with zod
 * before writing it cost up to three times the writing (a page of 50
 * bookings: about 580 µs with the check, 190 µs without). So those schemas
 * are compiled to a fast serializer, which still writes only the declared
 * fields (an undeclared one never leaves the server). With `check` (every
 * environment but production, so every test) the answer is also checked
 * with zod first, and a mismatch is the same 500 as on any other route:
 * the contract stays tested while production skips the work.
 * Every other schema goes through fastify-type-provider-zod as before.
 */
export function responseSerializerCompiler(options: {
  fast: ReadonlySet<unknown>;
  check: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const zodSerialize = zodSerializerCompiler(route) as Serialize;
    const schema = route.schema;
    const fast = options.fast.has(schema) ? compileFastSerializer(schema) : null;
    if (!fast) return zodSerialize;
    if (!options.check) return fast;
    return (data) => {
      // Throws fastify-type-provider-zod's ResponseSerializationError on a mismatch.
      zodSerialize(data);
      return fast(data);
    };
  };
}
