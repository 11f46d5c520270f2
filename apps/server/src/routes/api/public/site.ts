import rateLimit from '@fastify/rate-limit';
import { contactSchema, messageSchema, publicSettingsSchema, publicStatsSchema } from '@app/shared';
import type { App } from '../../../plugins/types';
import { getPublicSettings, getPublicStats, sendContactMessage } from '../../../services/public/site';

/** Contact messages per IP in the window: enough for a real visitor, useless for a spammer. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '15 minutes' } as const;

/** The public site's API: home page figures, public settings and the contact form. */
export async function publicSiteRoutes(app: App) {
  // Route-level limits need the plugin; register it here unless the app already did.
  if (!app.hasDecorator('rateLimit')) await app.register(rateLimit, { global: false });

  app.get(
    '/api/stats',
    { schema: { tags: ['public'], summary: 'Live figures for the home page counters', response: { 200: publicStatsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getPublicStats(app.deps.db);
    },
  );

  app.get(
    '/api/settings/public',
    { schema: { tags: ['public'], summary: 'Operator settings visitors may see', response: { 200: publicSettingsSchema } } },
    async () => getPublicSettings(app.deps),
  );

  app.post(
    '/api/contact',
    {
      config: {
        rateLimit: {
          ...CONTACT_RATE_LIMIT,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            message: `Too many messages. Please try again in ${context.after}.`,
          }),
        },
      },
      schema: {
        tags: ['public'],
        summary: 'Send a message to the support mailbox (Help Center form)',
        body: contactSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => sendContactMessage(app.deps, request.body, { ip: request.ip }),
  );
}
