import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as encodingSerializerCompiler, ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/** Schema kinds whose output can differ by direction (or that cannot be looked into): those keep zod's encode. */
const DIRECTIONAL = new Set(['pipe', 'transform', 'lazy', 'custom', 'default', 'prefault', 'catch']);

/** Whether a schema, anywhere inside, changes values (a transform, a codec) rather than only checking them. */
function hasTransforms(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (DIRECTIONAL.has(def.type)) return true;
  const inner = (value: unknown): boolean => {
    if (value instanceof $ZodType) return hasTransforms(value, seen);
    if (Array.isArray(value)) return value.some(inner);
    if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value).some(inner);
    return false;
  };
  return Object.values(def).some(inner);
}

/**
 * Every response is checked against its zod schema (unknown keys dropped) and stringified.
 * fastify-type-provider-zod does it in zod's encode direction, which skips zod's compiled
 * fast path: 0.84 vs 0.11 µs for a user object, 1.56 vs 0.49 µs for the dashboard. For a
 * schema that only checks values, parsing gives the same output, so it is used; a schema
 * with a transform or codec anywhere inside keeps the encoding serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const { schema, method, url } = routeSchema as { schema: unknown; method: string; url: string };
  if (!(schema instanceof $ZodType) || hasTransforms(schema)) return encodingSerializerCompiler(routeSchema as never);
  return (data: unknown) => {
    const result = safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
