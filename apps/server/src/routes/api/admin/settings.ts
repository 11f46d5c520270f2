import { settingsPatchSchema, settingsSchema, type Settings } from '@app/shared';
import { currentUser, requireAdmin } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { updateSettings } from '../../../services/admin/settings';
import { auditActor } from '../../../services/platform/audit';
import { getSettings } from '../../../services/platform/settings';

/** Admins: the operator settings. */
export async function settingsRoutes(app: App) {
  const tags = ['admin'];

  app.get(
    '/api/admin/settings',
    { preHandler: requireAdmin, schema: { tags, summary: 'Admins: every operator setting', response: { 200: settingsSchema } } },
    async () => getSettings(app.deps.db),
  );

  app.put(
    '/api/admin/settings',
    {
      preHandler: requireAdmin,
      schema: { tags, summary: 'Admins: change settings (audited with before and after)', body: settingsPatchSchema, response: { 200: settingsSchema } },
    },
    async (request) => updateSettings(app.deps, auditActor(request), currentUser(request).id, request.body as Partial<Settings>),
  );
}
