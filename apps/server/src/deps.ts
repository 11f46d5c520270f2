import type { FastifyBaseLogger } from 'fastify';
import type { ChainRuntime } from './chain';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Outbox } from './email/outbox';
import { deriveKey } from './lib/crypto';

/** What services need from the outside world; built once per app. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  outbox: Outbox;
  /** The clock; tests move it to reach maturity without waiting. */
  now: () => Date;
  /** On-chain deposits and payout checks (RPC connection, watch-only keys). */
  chain: ChainRuntime;
  keys: {
    /** Encrypts KYC documents at rest. */
    documents: Buffer;
    /** Encrypts TOTP secrets at rest. */
    totp: Buffer;
  };
}

export function deriveKeys(secretKey: string): AppDeps['keys'] {
  return {
    documents: deriveKey(secretKey, 'documents-v1'),
    totp: deriveKey(secretKey, 'totp-v1'),
  };
}
