import { eq } from 'drizzle-orm';
import type { AuthenticationResponseInput, PasskeyAuthenticationOptions } from '@app/shared';
import type { AppDeps } from '../../deps';
import { users } from '../../db/schema';
import { forbidden, unauthorized } from '../../lib/errors';
import { findUserByEmail } from './accounts';
import { recordAudit } from '../platform/audit';
import { completeSignIn, type AuthContext, type SignedIn } from './login';
import { MESSAGES } from './messages';
import {
  authenticationOptions,
  consumeChallenge,
  issueChallenge,
  passkeyByCredential,
  PASSKEY_REFUSALS,
  recordPasskeyUse,
  recordSessionVerification,
  relyingParty,
  verifyAssertion,
} from './passkeys';

/**
 * Sign-in options: any passkey of this site. With `email` (the two-factor step, after the
 * password was accepted) the answer must come from a passkey of that account; the options
 * look the same whether or not the email names one, so they tell nobody who has an account.
 */
export async function passkeyLoginOptions(deps: AppDeps, email: string | undefined): Promise<PasskeyAuthenticationOptions> {
  relyingParty(deps.config.appUrl);
  let userId: string | null = null;
  if (email) {
    const user = await findUserByEmail(deps.db, email);
    userId = user && !user.deletedAt ? user.id : null;
  }
  const challenge = await issueChallenge(deps, { purpose: email ? 'second-factor' : 'login', userId });
  return authenticationOptions(deps, challenge);
}

/**
 * Signs in with a passkey. The passkey proves the person (user verification) and the device,
 * so there is no new-browser code and no authenticator-app code; the browser becomes trusted
 * and the session is marked as having used a passkey. Suspended accounts are refused.
 */
export async function signInWithPasskey(deps: AppDeps, response: AuthenticationResponseInput, context: AuthContext): Promise<SignedIn> {
  relyingParty(deps.config.appUrl);
  const challenge = await consumeChallenge(deps, response.response.clientDataJSON, ['login', 'second-factor']);
  const passkey = await passkeyByCredential(deps.db, response);
  if (!passkey) throw unauthorized(PASSKEY_REFUSALS.unknown);
  const [user] = await deps.db.select().from(users).where(eq(users.id, passkey.userId)).limit(1);
  if (!user || user.deletedAt) throw unauthorized(PASSKEY_REFUSALS.unknown);
  if (challenge.purpose === 'second-factor' && challenge.userId !== user.id) throw unauthorized(PASSKEY_REFUSALS.otherAccount);
  const userHandle = response.response.userHandle;
  if (userHandle && userHandle !== passkey.webauthnUserId) throw unauthorized(PASSKEY_REFUSALS.unknown);
  const use = await verifyAssertion(deps, passkey, response, challenge.challenge);
  if (user.role === 'suspended') throw forbidden(MESSAGES.suspended);
  return deps.db.transaction(async (tx) => {
    await recordPasskeyUse(deps, tx, passkey, use);
    const signedIn = await completeSignIn(deps, tx, user, context);
    await recordSessionVerification(tx, signedIn.sessionId, deps.now(), true);
    await recordAudit(tx, { actorId: user.id, impersonatorId: null, ip: context.ip }, {
      action: 'passkey.sign-in',
      targetType: 'passkey',
      targetId: passkey.id,
      after: { name: passkey.name, counter: use.newCounter },
    });
    return signedIn;
  });
}
