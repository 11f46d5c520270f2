import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'vaultline-config-'));

describe('configuration', () => {
  it('needs nothing: defaults, and a secret key generated into DATA_DIR and reused', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: undefined, appUrl: 'http://localhost:3000', smtpUrl: undefined });
    expect(first.secretKey).toMatch(/^[0-9a-f]{64}$/);
    const keyFile = path.join(dataDir, 'secret.key');
    expect(readFileSync(keyFile, 'utf8')).toBe(first.secretKey);
    expect(statSync(keyFile).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).secretKey).toBe(first.secretKey);
  });

  it('stops start-up with a clear message when PostgreSQL runs in production without SECRET_KEY', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://db/app', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://db/app', NODE_ENV: 'production' })).toThrow(/SECRET_KEY is required/);
    const config = loadConfig({ DATABASE_URL: 'postgres://db/app', NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40) });
    expect(config.secretKey).toBe('k'.repeat(40));
  });

  it('refuses a short SECRET_KEY, a bad PORT and half an admin', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), SECRET_KEY: 'short' })).toThrow(/at least 32/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ADMIN_EMAIL: 'a@b.co' })).toThrow(/together/);
  });

  it('derives APP_URL from PORT unless set', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://invest.example.com/' }).appUrl).toBe('https://invest.example.com');
  });

  it('TRUST_PROXY: off by default, a hop count, or proxy addresses and CIDR ranges', () => {
    const trustProxy = (value?: string) => loadConfig({ DATA_DIR: tempDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy(' 2 ')).toBe(2);
    expect(trustProxy('10.0.0.0/8, 192.168.1.1,fd00::/8, 2001:db8::1, loopback')).toEqual(['10.0.0.0/8', '192.168.1.1', 'fd00::/8', '2001:db8::1', 'loopback']);
  });

  it('TRUST_PROXY=true is one hop, with a one-line warning', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' });
    expect(config.trustProxy).toBe(1);
    expect(config.warnings).toEqual([
      'TRUST_PROXY=true is read as 1 (one proxy hop): set the hop count, or better the proxy addresses or CIDR ranges, to say so.',
    ]);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '1' }).warnings).toEqual([]);
  });

  it.each([
    ['yes', '"yes" is not an IP address or CIDR range'],
    ['10.0.0.0/33', '"10.0.0.0/33" has a prefix length outside 0-32'],
    ['fd00::/129', '"fd00::/129" has a prefix length outside 0-128'],
    ['10.0.0.1/8/2', '"10.0.0.1/8/2" is not an IP address or CIDR range'],
    ['300.1.1.1', '"300.1.1.1" is not an IP address or CIDR range'],
    ['10.0.0.1,,10.0.0.2', 'it has an empty entry'],
    ['-1', '"-1" is not an IP address or CIDR range'],
  ])('refuses TRUST_PROXY=%s in one line naming what is wrong', (value, problem) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value })).toThrow(
      new ConfigError(`TRUST_PROXY must be false, a hop count (1) or a comma-separated list of proxy addresses or CIDR ranges (10.0.0.0/8): ${problem}.`),
    );
  });

  it('refuses a hop count above 10', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '11' })).toThrow(
      'TRUST_PROXY must be a hop count from 0 to 10, or proxy addresses or CIDR ranges, got "11".',
    );
  });

  it('takes an empty (or blank) variable as unset, for every variable it reads', () => {
    const source = readFileSync(fileURLToPath(new URL('../../src/config.ts', import.meta.url)), 'utf8');
    // Every variable config.ts reads: env.NAME, env['NAME'] and the names its helpers are given.
    const names = new Set([...source.matchAll(/env\.([A-Z][A-Z0-9_]+)|'([A-Z][A-Z0-9]*_[A-Z0-9_]+)'/g)].map((match) => (match[1] ?? match[2])!));
    for (const name of ['DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'PORT', 'DATA_DIR', 'TRUST_PROXY', 'EVM_CONFIRMATIONS', 'DEPOSIT_XPUB_EVM']) expect(names).toContain(name);
    const outcome = (env: NodeJS.ProcessEnv) => {
      try {
        return { config: loadConfig(env) };
      } catch (error) {
        return { refused: (error as Error).message };
      }
    };
    const base = { DATA_DIR: tempDir(), SECRET_KEY: 's'.repeat(40) };
    for (const name of names) {
      const { [name]: _left, ...without } = base as Record<string, string>;
      const unset = outcome(without);
      for (const empty of ['', '  ']) expect(outcome({ ...without, [name]: empty }), `${name}=${JSON.stringify(empty)}`).toEqual(unset);
    }
    // With the others set: PostgreSQL in production needs its secret key whether SECRET_KEY is unset or empty.
    const production = { DATA_DIR: tempDir(), DATABASE_URL: 'postgres://db/app', NODE_ENV: 'production' };
    expect(outcome({ ...production, SECRET_KEY: '' })).toEqual(outcome(production));
    expect(outcome(production).refused).toMatch(/SECRET_KEY is required/);
    // Half an admin is refused alike, the empty half counting as missing.
    expect(outcome({ ...base, ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: '' })).toEqual({ refused: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together.' });
  });

  it('serves the API only with WEB_DIST_DIR=none', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), WEB_DIST_DIR: 'none' }).webDistDir).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), WEB_DIST_DIR: '' }).webDistDir).toBe(loadConfig({ DATA_DIR: tempDir() }).webDistDir);
  });
});
