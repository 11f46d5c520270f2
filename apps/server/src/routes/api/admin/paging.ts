import { z } from 'zod';

/** ?page and ?limit of the staff lists (outbox, audit log). */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
};
