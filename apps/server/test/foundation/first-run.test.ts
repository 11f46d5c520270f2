/**
 * A fresh install without a mail server (issue 40): the real server, started as the README
 * says, lets the first admin sign in and a new user register and verify using only what its
 * output shows; a second process on its data directory (the demo) is refused naming the
 * server's pid; after a SIGKILL the next start is not blocked; in production the output holds
 * no email.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../proof/proc';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const ADMIN = { email: 'owner@example.com', password: 'Owner-Passw0rd!x' };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-first-run-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Running {
  url: string;
  child: ChildProcess;
  output: () => string;
}

function environment(port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'info',
    RUN_JOBS: 'true',
    ...extra,
  };
  for (const name of ['SMTP_URL', 'DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'SECRET_KEY']) if (!(name in extra)) delete env[name];
  return env;
}

async function start(extra: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: environment(port, extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output}`);
    const ready = await fetch(`${url}/api/ready`).then((response) => response.ok, () => false);
    if (ready) return { url, child, output: () => output };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stop(server: Running, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill(signal);
  });
}

/** The emails the server wrote to its output, as a person reads them there. */
function emailsIn(output: string) {
  const blocks = output.matchAll(/^===== Email (\d+) \(SMTP_URL is not set: written here instead of sent\) =====\nTo: +(\S+)\nSubject: (.*)\n\n([\s\S]*?)\n===== End of email \1 =====$/gm);
  return [...blocks].map(([, id, to, subject, text]) => ({ id: Number(id), to: to!, subject: subject!, text: text! }));
}

async function emailTo(server: Running, to: string, body: RegExp): Promise<RegExpExecArray> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const email of emailsIn(server.output()).reverse()) {
      const found = email.to === to ? body.exec(email.text) : null;
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`no email to ${to} with ${body} in: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A browser's cookie jar over fetch. */
function browser(url: string) {
  const cookies = new Map<string, string>();
  return async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: { origin: url, cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      cookies.set(name!, value!);
    }
    return { status: response.status, json: (await response.json()) as { message?: string } };
  };
}

function runDemo(): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/cli/demo.ts')], {
      cwd: ROOT,
      env: environment(0),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('first run without a mail server', { timeout: 240_000 }, () => {
  it('signs the admin in, registers and verifies a user from the log alone; refuses the demo beside it; restarts after SIGKILL; says nothing secret in production', async () => {
    const first = await start();
    const user = { name: 'Grace Hopper', email: 'grace@example.com', password: 'Str0ng!pass', phone: '+14155550123', country: 'US' };
    let secrets: string[] = [];
    try {
      const notices = first.output().split('\n').filter((line) => line.includes('SMTP_URL is not set'));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain('emails are not sent; each one, codes and links included, is written to this log.');

      const admin = browser(first.url);
      const refused = await admin('POST', '/api/users/login', ADMIN);
      expect(refused.status).toBe(401);
      expect(refused.json.message).toContain('New browser');
      const code = (await emailTo(first, ADMIN.email, /access code to finish signing in: ([A-Z0-9]{6})/))[1]!;
      expect((await admin('POST', `/api/users/loginWithCode/${encodeURIComponent(ADMIN.email)}`, { loginCode: code })).status).toBe(200);

      const newcomer = browser(first.url);
      expect((await newcomer('POST', '/api/users/register', user)).status).toBe(201);
      const [link, token] = await emailTo(first, user.email, /https?:\/\/\S+\/verify\/([\w-]+)/);
      expect(link.startsWith(`${first.url}/verify/`)).toBe(true);
      expect((await newcomer('PATCH', `/api/users/verifyUser/${token}`)).status).toBe(200);
      secrets = [code, token!];

      // Every other line is the JSON log, where codes and tokens never go.
      const logLines = first.output().split('\n').filter((line) => line.startsWith('{'));
      expect(logLines.length).toBeGreaterThan(3);
      for (const secret of secrets) expect(logLines.filter((line) => line.includes(secret))).toEqual([]);

      const demo = await runDemo();
      expect(demo.code).toBe(1);
      expect(demo.stderr.trim().split('\n')).toEqual([
        `DATA_DIR ${dataDir} is in use by another Vaultline process (pid ${first.child.pid}, server.ts): stop it first, or give this one another DATA_DIR.`,
      ]);
    } finally {
      await stop(first, 'SIGKILL');
    }

    const again = await start({ NODE_ENV: 'production' });
    try {
      expect(again.output()).toContain('SMTP_URL is not set: emails are not delivered. They are kept in the outbox (/admin/outbox); the log holds no codes or links.');
      const returning = browser(again.url);
      const signIn = await returning('POST', '/api/users/login', { email: user.email, password: user.password });
      expect(signIn.status).toBe(401);
      expect(signIn.json.message).toContain('New browser');
      expect((await returning('POST', '/api/users/forgotPassword', { email: user.email })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(emailsIn(again.output())).toEqual([]);
      expect(again.output()).not.toMatch(/access code to finish|\/resetPassword\//);
    } finally {
      await stop(again, 'SIGTERM');
    }
  });
});
