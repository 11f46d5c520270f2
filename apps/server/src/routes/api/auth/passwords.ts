import { z } from 'zod';
import { automatedEmailSchema, changePasswordSchema, forgotPasswordSchema, messageSchema, resetPasswordSchema } from '@app/shared';
import { jsonOnly } from '../../../plugins/json-only';
import { currentUser, requireUser } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { sendAutomatedEmail } from '../../../services/auth/automated-email';
import { changePassword, forgotPassword, resendVerification, resetPassword, verifyEmail } from '../../../services/auth/passwords';
import { bodyEmail, signedInJson, signedInUser, type AuthLimits } from './rate-limits';
import { routeOptions } from '../../route-options';

const route = routeOptions('auth');

const tokenParam = z.object({ token: z.string().min(1).max(200) });
const resetTokenParam = z.object({ resetToken: z.string().min(1).max(200) });

/** Email verification, password change and reset, and the emails of a change the caller made. */
export function passwordRoutes(app: App, limits: AuthLimits) {
  app.post(
    '/api/users/sendVerificationEmail',
    {
      preHandler: [requireUser, limits.account('resendVerification', signedInUser)],
      config: limits.ip('resendVerification'),
      schema: route.schema('Email a new verification link', { response: { 200: messageSchema } }),
    },
    async (request) => ({ message: await resendVerification(app.deps, currentUser(request)) }),
  );

  app.patch(
    '/api/users/verifyUser/:token',
    {
      config: limits.ip('verify'),
      schema: route.schema('Verify the email address with the emailed token', { params: tokenParam, response: { 200: messageSchema } }),
    },
    async (request) => ({ message: await verifyEmail(app.deps, request.params.token) }),
  );

  app.patch(
    '/api/users/changePassword',
    {
      ...signedInJson(limits, 'changePassword'),
      schema: route.schema('Change the password (other sessions are signed out)', { body: changePasswordSchema, response: { 200: messageSchema } }),
    },
    async (request) => ({
      message: await changePassword(app.deps, currentUser(request), request.auth!.session.id, request.body),
    }),
  );

  app.post(
    '/api/users/sendAutomatedEmail',
    {
      ...signedInJson(limits, 'automatedEmail'),
      schema: route.schema(
        "The email of an event the caller just caused (templates changePassword, changeRole): to the caller, or to the user whose role they changed; answered from the email the change queued, never sent twice",
        { body: automatedEmailSchema, response: { 200: messageSchema } },
      ),
    },
    async (request) => sendAutomatedEmail(app.deps, currentUser(request), request.body),
  );

  app.post(
    '/api/users/forgotPassword',
    {
      onRequest: jsonOnly,
      config: limits.ip('forgot'),
      preHandler: limits.account('forgot', bodyEmail),
      schema: route.schema(
        'Email a password reset link (same answer whether or not the account exists)',
        { body: forgotPasswordSchema, response: { 200: messageSchema } },
      ),
    },
    async (request) => ({ message: await forgotPassword(app.deps, request.body.email) }),
  );

  app.patch(
    '/api/users/resetPassword/:resetToken',
    {
      onRequest: jsonOnly,
      config: limits.ip('reset'),
      schema: route.schema(
        'Set a new password with the emailed token (every session is signed out)',
        { params: resetTokenParam, body: resetPasswordSchema, response: { 200: messageSchema } },
      ),
    },
    async (request) => ({ message: await resetPassword(app.deps, request.params.resetToken, request.body.password) }),
  );
}
