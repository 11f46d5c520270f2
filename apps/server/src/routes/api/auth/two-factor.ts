import { disableTwoFactorSchema, messageSchema, recoveryCodesAnswerSchema, twoFactorCodeSchema, twoFactorSetupSchema, twoFactorStatusSchema } from '@app/shared';
import { jsonOnly } from '../../../plugins/json-only';
import { currentUser, requireUser } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { disableTwoFactor, enableTwoFactor, recoveryCodesLeft, regenerateRecoveryCodes, startTwoFactorSetup } from '../../../services/auth/totp';
import { isTwoFactorEnabled } from '../../../services/auth/user-view';
import { signedInUser, type AuthLimits } from './rate-limits';
import { routeOptions } from '../../route-options';

const route = routeOptions('auth');

/** Two-factor authentication (TOTP) of the signed-in account. */
export function twoFactorRoutes(app: App, limits: AuthLimits) {
  // Each route its own counter, as each route's limit is.
  const codeLimit = () => [requireUser, limits.account('twoFactor', signedInUser)];

  app.get(
    '/api/users/2fa',
    route.user('Two-factor status', { response: { 200: twoFactorStatusSchema } }),
    async (request) => {
      const user = currentUser(request);
      const enabled = await isTwoFactorEnabled(app.deps.db, user.id);
      return { enabled, recoveryCodesLeft: enabled ? await recoveryCodesLeft(app.deps.db, user.id) : 0 };
    },
  );

  app.post(
    '/api/users/2fa/setup',
    route.user('Start two-factor set-up: a new secret and its QR code', { response: { 200: twoFactorSetupSchema } }),
    async (request) => startTwoFactorSetup(app.deps, currentUser(request)),
  );

  app.post(
    '/api/users/2fa/disable',
    {
      onRequest: jsonOnly,
      preHandler: codeLimit(),
      schema: route.schema('Turn two-factor off (password and a current code)', { body: disableTwoFactorSchema, response: { 200: messageSchema } }),
    },
    async (request) => {
      await disableTwoFactor(app.deps, currentUser(request), request.body.password, request.body.code);
      return { message: 'Two-factor authentication is off' };
    },
  );

  // Both take a current code and answer new recovery codes, shown once.
  for (const [path, summary, message, recoveryCodes] of [
    ['enable', 'Confirm set-up with a first code; answers the recovery codes once', 'Two-factor authentication is on', enableTwoFactor],
    ['recovery-codes', 'New recovery codes (the old ones stop working)', 'New recovery codes created', regenerateRecoveryCodes],
  ] as const) {
    app.post(
      `/api/users/2fa/${path}`,
      {
        onRequest: jsonOnly,
        preHandler: codeLimit(),
        schema: route.schema(summary, { body: twoFactorCodeSchema, response: { 200: recoveryCodesAnswerSchema } }),
      },
      async (request) => ({ message, recoveryCodes: await recoveryCodes(app.deps, currentUser(request), request.body.code) }),
    );
  }
}
