// DATABASE_URL=postgres://... node --import tsx bench/micro/session-row.ts
// The session read behind every signed-in request, 17 sessions a batch (ADR 0013's pgbench
// batch): this process's CPU per session, with the user and session read as one JSON value
// each (db/json-row.ts) and as plain columns mapped by Drizzle. Both alternate, many times.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../../apps/server/src/db/client';
import { jsonRow } from '../../apps/server/src/db/json-row';
import { sessions, users, userTotp } from '../../apps/server/src/db/schema';
import { insertUser } from '../../apps/server/src/services/auth/accounts';
import { createSession } from '../../apps/server/src/services/auth/sessions';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const name = `vaultline_micro_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create database ${name}`);
const target = new URL(url);
target.pathname = `/${name}`;
const database = openPostgres(target.toString(), 2);
try {
  await database.migrate();
  const db = database.db;
  const ids: string[] = [];
  for (let i = 0; i < 17; i += 1) {
    const user = await insertUser(db, { name: `User ${i}`, email: `micro${i}@example.com`, password: 'Passw0rd!', phone: '+14155550100', country: 'US' });
    ids.push((await createSession(db, user.id, { deviceId: 'd' })).id);
  }
  const userKeys = ['id', 'name', 'email', 'phone', 'country', 'bio', 'photo', 'role', 'isVerified', 'kycStatus', 'referralCode', 'hasFees', 'createdAt', 'deletedAt'] as const;
  const sessionKeys = ['id', 'userId', 'deviceId', 'impersonatorId', 'impersonatorSessionId', 'lastSeenAt'] as const;
  const userJson = jsonRow(users, userKeys);
  const sessionJson = jsonRow(sessions, sessionKeys);
  const live = and(sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`, isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));
  const twoFactorEnabled = sql<boolean>`${userTotp.enabledAt} is not null`;
  const asJson = db
    .select({ session: sessionJson.sql, user: userJson.sql, twoFactorEnabled })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userTotp, eq(userTotp.userId, sessions.userId))
    .where(live)
    .prepare('micro_json');
  const pick = (table: object, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, (table as Record<string, unknown>)[key]])) as never;
  const asColumns = db
    .select({ session: pick(sessions, sessionKeys), user: pick(users, userKeys), twoFactorEnabled })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userTotp, eq(userTotp.userId, sessions.userId))
    .where(live)
    .prepare('micro_columns');
  const candidates = {
    'JSON rows (json-row.ts)': async () => {
      for (const row of await asJson.execute({ ids })) {
        sessionJson.decode(row.session);
        userJson.decode(row.user);
      }
    },
    'plain columns (Drizzle maps them)': async () => {
      await asColumns.execute({ ids });
    },
  };
  const executions = 2000;
  const samples: Record<string, number[]> = { 'JSON rows (json-row.ts)': [], 'plain columns (Drizzle maps them)': [] };
  for (const run of Object.values(candidates)) for (let i = 0; i < 200; i += 1) await run();
  for (let round = 0; round < 7; round += 1) {
    for (const [key, run] of Object.entries(candidates)) {
      const before = process.cpuUsage();
      for (let i = 0; i < executions; i += 1) await run();
      const used = process.cpuUsage(before);
      samples[key]!.push((used.user + used.system) / executions / ids.length);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(`session read, ${ids.length} sessions a batch: this process's CPU per session`);
  for (const [key, values] of Object.entries(samples)) {
    console.log(`  ${key.padEnd(36)} ${median(values).toFixed(2)} µs (rounds ${values.map((v) => v.toFixed(2)).join(' ')})`);
  }
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
