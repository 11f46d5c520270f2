import type { FastifySchema } from 'fastify';
import { requireAdmin, requireStaff, requireUser } from '../plugins/session';

/**
 * The option blocks every route module repeats: a route's OpenAPI tag and summary in front of its
 * zod schemas, and the guard. `schema` is for a route with other options besides (onRequest, config,
 * a list of preHandlers); `user`, `staff` and `admin` give the whole block of a guarded route.
 */
export function routeOptions(tag: string) {
  const schema = <S extends FastifySchema>(summary: string, schemas: S) => ({ tags: [tag], summary, ...schemas });
  return {
    schema,
    user: <S extends FastifySchema>(summary: string, schemas: S) => ({ preHandler: requireUser, schema: schema(summary, schemas) }),
    staff: <S extends FastifySchema>(summary: string, schemas: S) => ({ preHandler: requireStaff, schema: schema(summary, schemas) }),
    admin: <S extends FastifySchema>(summary: string, schemas: S) => ({ preHandler: requireAdmin, schema: schema(summary, schemas) }),
  };
}
