import { countryListSchema } from '@app/shared';
import { COUNTRIES } from '../../../services/public/countries';
import type { App } from '../../../plugins/types';

export async function countriesRoutes(app: App) {
  app.get(
    '/api/countries',
    {
      schema: {
        tags: ['system'],
        summary: 'Countries for the register and profile forms',
        response: { 200: countryListSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=86400').send([...COUNTRIES]),
  );
}
