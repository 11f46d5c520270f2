import fp from 'fastify-plugin';
import { findSecret, SECRET_REFUSAL } from '../chain/secrets';

/** Deep enough for every body the API takes; a hostile body cannot make the walk expensive. */
const MAX_DEPTH = 6;
const MAX_STRINGS = 500;

function firstSecret(value: unknown): ReturnType<typeof findSecret> {
  let budget = MAX_STRINGS;
  const walk = (current: unknown, depth: number): ReturnType<typeof findSecret> => {
    if (typeof current === 'string') {
      budget -= 1;
      return findSecret(current);
    }
    if (!current || typeof current !== 'object' || depth >= MAX_DEPTH) return null;
    for (const inner of Array.isArray(current) ? current : Object.values(current)) {
      if (budget <= 0) return null;
      const found = walk(inner, depth + 1);
      if (found) return found;
    }
    return null;
  };
  return walk(value, 0);
}

/**
 * No request may carry a wallet's private key or seed phrase (PRODUCT §1.11: none is ever
 * accepted or stored): whatever field it was pasted into, the request is refused with 400
 * before any handler runs, so it is never stored, and request bodies are never logged.
 */
export const secretGuardPlugin = fp(async (app) => {
  app.addHook('preValidation', (request, reply, done) => {
    const body = request.body;
    if (body && typeof body === 'object') {
      const secret = firstSecret(body);
      if (secret) {
        reply.code(400).send({ message: SECRET_REFUSAL[secret] });
        return;
      }
    }
    done();
  });
});
