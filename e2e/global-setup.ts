import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { evmAccountXpub, startEvmNode } from '../apps/server/test/helpers/evm-node';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const ADMIN = { email: 'admin@vaultline.test', password: 'Admin-Passw0rd!' };
/** Confirmations before a deposit on the e2e chain is credited. */
export const E2E_CONFIRMATIONS = 3;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Where the browser contexts' starting cookies live (see playwright.config.ts). */
export const DEVICE_STATE_FILE = path.join(root, 'test-results/e2e-device-state.json');

/**
 * Signs the admin in once from a device, answering the emailed code, so every spec's
 * context carries a device the admin account trusts. Specs that sign the admin in at the
 * same time then never race for the newest login-code email.
 */
async function trustAdminDevice(baseUrl: string, mailbox: string) {
  const cookieFrom = (response: Response, name: string) =>
    response.headers.getSetCookie().map((line) => line.split(';')[0]!).find((pair) => pair.startsWith(`${name}=`));
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const first = await fetch(`${baseUrl}/api/users/login`, { method: 'POST', headers, body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }) });
  const device = cookieFrom(first, 'did');
  if (!device) throw new Error(`admin sign-in gave no device cookie (${first.status})`);
  if (!first.ok) {
    const deadline = Date.now() + 20_000;
    let code: string | undefined;
    while (!code && Date.now() < deadline) {
      const mails = readFileSync(mailbox, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { to: string[]; subject: string; text: string });
      const mail = mails.reverse().find((m) => m.to.includes(ADMIN.email) && /code/i.test(m.subject));
      code = mail && /access code to finish signing in: ([A-Z0-9]{6})/.exec(mail.text)?.[1];
      if (!code) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (!code) throw new Error('no admin login code arrived');
    const second = await fetch(`${baseUrl}/api/users/loginWithCode/${encodeURIComponent(ADMIN.email)}`, {
      method: 'POST',
      headers: { ...headers, cookie: device },
      body: JSON.stringify({ loginCode: code }),
    });
    if (!second.ok) throw new Error(`admin login code refused (${second.status}): ${await second.text()}`);
  }
  const [name, value] = device.split('=') as [string, string];
  const host = new URL(baseUrl).hostname;
  mkdirSync(path.dirname(DEVICE_STATE_FILE), { recursive: true });
  writeFileSync(
    DEVICE_STATE_FILE,
    JSON.stringify({ cookies: [{ name, value, domain: host, path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }),
  );
}

/**
 * Starts an SMTP sink (messages appended as JSON lines to a file the specs read) and the
 * real server, built web app included, on a fresh embedded database.
 */
export default async function globalSetup() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'vaultline-e2e-'));
  const mailbox = path.join(work, 'mailbox.jsonl');
  writeFileSync(mailbox, '');
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          appendFileSync(mailbox, `${JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '' })}\n`);
          callback();
        })
        .catch(callback);
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  // A real EVM node with a USD-pegged token: the server watches it for deposits to users' own addresses.
  const evm = await startEvmNode();
  const usdt = await evm.deployToken('USDT', 6);

  const port = await freePort();
  // A host name, not 127.0.0.1: WebAuthn takes no IP address as its relying party (passkeys.spec.ts).
  const baseUrl = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--wasm-lazy-compilation', '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: '',
      // Rate limits in this process only: Redis (CI sets REDIS_URL) would carry counts between runs.
      REDIS_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Every spec signs in from 127.0.0.1; the per-IP sign-in limits are tested in the server suite.
      AUTH_RATE_LIMIT_SCALE: '100',
      // The invest spec watches a plan mature: a term of seconds, not the production hour.
      PLAN_MIN_TERM_SECONDS: '10',
      EVM_RPC_URL: evm.url,
      EVM_TOKENS: `USDT:${usdt}:6:usd`,
      EVM_CONFIRMATIONS: String(E2E_CONFIRMATIONS),
      EVM_START_BLOCK: '0',
      EVM_POLL_SECONDS: '1',
      EVM_EXPLORER_URL: 'https://explorer.example/tx/{hash}',
      DEPOSIT_XPUB_EVM: evmAccountXpub(),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await trustAdminDevice(baseUrl, mailbox);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAILBOX = mailbox;
  process.env.E2E_ADMIN_EMAIL = ADMIN.email;
  process.env.E2E_ADMIN_PASSWORD = ADMIN.password;
  process.env.E2E_EVM_URL = evm.url;
  process.env.E2E_USDT = usdt;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await evm.stop();
  };
}
