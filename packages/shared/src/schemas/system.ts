import { z } from 'zod';

/** GET /api/health: the process answers. */
export const healthSchema = z.object({ status: z.literal('ok') });
/** GET /api/ready: 200 when the database and document storage can be used, else 503 with the reason. */
export const readySchema = z.object({ status: z.literal('ready') });
export const notReadySchema = z.object({ message: z.string(), status: z.literal('not ready') });
