import { z } from 'zod';
import { deviceSessionListSchema, messageSchema } from '@app/shared';
import type { App } from '../../../plugins/types';
import { listDeviceSessions, revokeDeviceSession } from '../../../services/auth/devices';
import { clearSessionCookie } from '../../cookies';
import { routeOptions } from '../../route-options';

const route = routeOptions('auth');

/** The account's signed-in devices. */
export function deviceRoutes(app: App) {
  app.get(
    '/api/users/sessions',
    route.user('Signed-in devices of this account', { response: { 200: deviceSessionListSchema } }),
    async (request) => ({ sessions: await listDeviceSessions(app.deps, request.auth!.session) }),
  );

  app.delete(
    '/api/users/sessions/:id',
    route.user('Sign out one device of this account', { params: z.object({ id: z.string().min(1).max(100) }), response: { 200: messageSchema } }),
    async (request, reply) => {
      const wasCurrent = await revokeDeviceSession(app.deps, request.auth!.session, request.params.id);
      if (wasCurrent) clearSessionCookie(request, reply);
      return { message: 'Device signed out' };
    },
  );
}
