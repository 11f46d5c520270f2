import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler as encodingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A schema's JSON Schema in one direction, without `additionalProperties` (zod writes `false` on
 * every object of the output side only: both directions drop unknown keys alike).
 */
function shapeOf(schema: z.ZodType, io: 'input' | 'output'): string {
  return JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), (key, value: unknown) =>
    key === 'additionalProperties' ? undefined : value,
  );
}

/** Answers of onlyChecksValues: many routes share a schema (and HEAD routes their GET's). */
const checked = new WeakMap<z.ZodType, boolean>();

/**
 * Whether parsing a schema gives what encoding it gives: its input and output sides are the same
 * JSON Schema, so nothing inside converts values (no codec, transform, pipe or default), it only
 * checks them. A schema the converter cannot read counts as converting.
 */
export function onlyChecksValues(schema: z.ZodType): boolean {
  let answer = checked.get(schema);
  if (answer === undefined) {
    try {
      answer = shapeOf(schema, 'input') === shapeOf(schema, 'output');
    } catch {
      answer = false;
    }
    checked.set(schema, answer);
  }
  return answer;
}

/**
 * Every response is checked against its zod schema (unknown keys dropped) and stringified.
 * fastify-type-provider-zod does it in zod's encode direction, which skips zod's compiled object
 * parser: 8 % of `/api/health`'s server CPU and 6 % of the dashboard's in a CPU profile under
 * load (ADR 0016). A schema that only checks values gives the same output parsed, so it is
 * parsed; one that converts values (a codec) keeps the library's encoding serializer. A codec
 * between two schemas of the same JSON Schema would not be told apart: response schemas keep
 * values in their wire form (CONVENTIONS.md). The choice is made at a route's first answer, not
 * at start (about 0.7 ms a schema, 100 ms for the app's routes).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const { schema, method, url } = routeSchema as { schema: unknown; method: string; url: string };
  if (!(schema instanceof z.ZodType)) return encodingSerializerCompiler(routeSchema as never);
  const parsing = (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
  let serialize: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    serialize ??= onlyChecksValues(schema) ? parsing : (encodingSerializerCompiler(routeSchema as never) as (data: unknown) => string);
    return serialize(data);
  };
};

/**
 * Sends JSON text rendered without objects (a staff queue's page written by its statement), as
 * it is: what the schema's pass would write, byte for byte (test/money/staff-queues.test.ts).
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json as never);
}
