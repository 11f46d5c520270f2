import { expect } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { PasskeyAuthenticationOptions, PasskeyRegistrationOptions } from '@app/shared';
import { auditLog } from '../../src/db/schema';
import type { TestApp } from './build-test-app';
import { Browser, registerIn } from './auth-browser';
import { SoftwareAuthenticator } from './software-authenticator';

/** The passkey suites' calls against the file's app. */
export function passkeyCalls(t: TestApp) {
  /** A browser signed in to a new account (its device trusted). */
  async function account() {
    const browser = new Browser(t);
    const { body, user } = await registerIn(browser);
    return { browser, email: body.email, password: body.password, userId: user._id };
  }

  async function addPasskey(browser: Browser, authenticator: SoftwareAuthenticator, name = 'My laptop') {
    const options = await browser.post('/api/users/passkeys/register/options', {});
    expect(options.statusCode).toBe(200);
    const response = authenticator.create(options.json() as PasskeyRegistrationOptions);
    const verified = await browser.post('/api/users/passkeys/register/verify', { name, response });
    expect(verified.statusCode, verified.body).toBe(201);
    return verified.json() as { id: string; name: string };
  }

  /** A new signed-in account with one passkey (named 'My laptop') on its own authenticator. */
  async function accountWithPasskey() {
    const signedIn = await account();
    const authenticator = new SoftwareAuthenticator();
    const passkey = await addPasskey(signedIn.browser, authenticator);
    return { ...signedIn, authenticator, passkey };
  }

  async function loginOptions(browser: Browser, email?: string): Promise<PasskeyAuthenticationOptions> {
    const options = await browser.post('/api/users/passkeys/login/options', email ? { email } : {});
    expect(options.statusCode).toBe(200);
    return options.json() as PasskeyAuthenticationOptions;
  }

  async function lastAudit(action: string, targetId?: string) {
    const conditions = [eq(auditLog.action, action)];
    if (targetId) conditions.push(eq(auditLog.targetId, targetId));
    const [row] = await t.database.db.select().from(auditLog).where(and(...conditions)).orderBy(desc(auditLog.id)).limit(1);
    return row;
  }

  return { account, accountWithPasskey, addPasskey, loginOptions, lastAudit };
}
