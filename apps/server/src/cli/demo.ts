// `npm run demo`: sample users and activity for a look around, through the real API.
// Idempotent: a second run sees the demo users and changes nothing.
import { buildApp } from '../app';
import type { App } from '../plugins/types';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { MigrationRefusedError, migrateDatabase } from '../db/migrations';
import { ensureAdmin, findUserByEmail, insertUser } from '../services/auth/accounts';
import { createSession } from '../services/auth/sessions';
import { getSettings, putSettings } from '../services/platform/settings';

const DEMO_PASSWORD = 'Demo-Passw0rd!';
const DEMO_ADMIN = { email: 'admin@demo.vaultline.local', password: 'Demo-Admin-Passw0rd!' };
/** Sample receiving addresses (published test vectors, not anyone's wallet). */
const SAMPLE_ADDRESSES = {
  BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  USDT: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
};

const PEOPLE = [
  { name: 'Ada Okafor', country: 'NG', deposit: '2500', invest: { plan: 'Executive', amount: '800' }, withdraw: '150' },
  { name: 'Lucas Meyer', country: 'DE', deposit: '1200', invest: { plan: 'Diamond', amount: '550' } },
  { name: 'Priya Raman', country: 'IN', deposit: '400', invest: { plan: 'Standard', amount: '250' }, pendingInvest: true },
  { name: 'Sofia Alvarez', country: 'ES', deposit: '900', pendingDeposit: '300' },
  { name: 'Kenji Watanabe', country: 'JP', deposit: '650', withdraw: '120', pendingWithdraw: true },
  // Her documents go through the upload route: she waits in the staff KYC queue.
  { name: 'Emma Clarke', country: 'GB', submitsKyc: true },
];

/** A plain card-sized image standing in for an identity document (no person's data). */
async function sampleDocument(background: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 640, height: 400, channels: 3, background } }).png().toBuffer();
}

/** The front and back of a sample document as the upload form sends them. */
async function kycUpload(): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const boundary = `----vaultline-demo-${Date.now().toString(36)}`;
  const parts = await Promise.all(
    (['front', 'back'] as const).map(async (side) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${side}"; filename="${side}.png"\r\nContent-Type: image/png\r\n\r\n`),
        await sampleDocument(side === 'front' ? '#dfe7f2' : '#f2ecdf'),
        Buffer.from('\r\n'),
      ]),
    ),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Seeds the demo through the app's own routes; returns false when it was already there. */
export async function seedDemo(app: App, options: { adminEmail?: string; adminPassword?: string } = {}): Promise<boolean> {
  const { db } = app.deps;
  const marker = `${PEOPLE[0]!.name.split(' ')[0]!.toLowerCase()}@demo.vaultline.local`;
  if (await findUserByEmail(db, marker)) return false;

  const adminEmail = options.adminEmail ?? DEMO_ADMIN.email;
  await ensureAdmin(db, adminEmail, options.adminPassword ?? DEMO_ADMIN.password);
  const admin = (await findUserByEmail(db, adminEmail))!;
  const adminAuth = { authorization: `Bearer ${(await createSession(db, admin.id, { deviceId: 'demo' })).token}` };

  const settings = await getSettings(db);
  if (Object.keys(settings.depositAddresses).length === 0) {
    await putSettings(db, { depositAddresses: SAMPLE_ADDRESSES }, admin.id);
  }

  async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) {
    const response = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object | Buffer }) });
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as Record<string, unknown>;
  }

  await insertUser(db, {
    name: 'Noah Bennett',
    email: 'author@demo.vaultline.local',
    password: DEMO_PASSWORD,
    role: 'author',
    isVerified: true,
    kycStatus: 'Approved',
    country: 'CA',
  });

  let referrer: string | null = null;
  for (const person of PEOPLE) {
    const email = `${person.name.split(' ')[0]!.toLowerCase()}@demo.vaultline.local`;
    const user = await insertUser(db, {
      name: person.name,
      email,
      password: DEMO_PASSWORD,
      phone: '+14155550123',
      country: person.country,
      isVerified: true,
      kycStatus: person.submitsKyc ? 'Not Submitted' : 'Approved',
      referredById: referrer,
    });
    referrer ??= user.id;
    const auth = { authorization: `Bearer ${(await createSession(db, user.id, { deviceId: 'demo' })).token}` };
    if (person.submitsKyc) {
      const upload = await kycUpload();
      await call('POST', '/api/users/uploadKycDocuments', { ...auth, ...upload.headers }, upload.payload);
    }
    if (person.deposit) {
      const created = await call('POST', '/api/payments/create', auth, { amount: person.deposit, asset: 'USDT' });
      const transactionId = (created.transaction as { transactionId: string }).transactionId;
      await call('PATCH', '/api/payments/confirmPayment', adminAuth, { transactionId, notes: 'Received on chain (demo)' });
    }
    if (person.pendingDeposit) {
      await call('POST', '/api/payments/create', auth, { amount: person.pendingDeposit, asset: 'BTC' });
    }
    if (person.invest) {
      const started = await call('POST', '/api/invest/start-invest', auth, { amount: person.invest.amount, planName: person.invest.plan });
      const investment = (started.investment ?? started) as { _id: string };
      if (!person.pendingInvest) await call('PUT', `/api/invest/${investment._id}/approve`, adminAuth, {});
    }
    if (person.withdraw) {
      const requested = await call('POST', '/api/withDraw/create', auth, { amount: person.withdraw, walletAddress: SAMPLE_ADDRESSES.ETH, asset: 'ETH' });
      const withdrawal = (requested.withdrawal ?? requested) as { _id: string };
      if (!person.pendingWithdraw) await call('PUT', `/api/withDraw/approve/${withdrawal._id}`, adminAuth, {});
    }
  }

  return true;
}

async function main() {
  const config = loadConfig();
  // The embedded database is this process's alone: beside a running server this stops at once,
  // naming it (stop the server, run the demo, start it again).
  const database = await openDatabase(config);
  await migrateDatabase(database);
  const app = await buildApp({ config: { ...config, runJobs: false, logLevel: 'warn' }, database });
  await app.ready();
  const created = await seedDemo(app, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
  await app.close();
  await database.close();
  if (!created) {
    console.log('Demo data is already there; nothing to do.');
    return;
  }
  console.log(`Demo data created. Sign in as any of:
  admin   ${config.adminEmail ?? DEMO_ADMIN.email}${config.adminEmail ? '' : ` / ${DEMO_ADMIN.password}`}
  author  author@demo.vaultline.local / ${DEMO_PASSWORD}
  users   ${PEOPLE.map((p) => `${p.name.split(' ')[0]!.toLowerCase()}@demo.vaultline.local`).join(', ')} / ${DEMO_PASSWORD}
A first sign-in from a new browser asks for a code sent by email. Without SMTP_URL, the server (npm start) writes every email, that code included, to its output.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof DataDirInUseError || error instanceof MigrationRefusedError ? error.message : error);
    process.exit(1);
  });
}
