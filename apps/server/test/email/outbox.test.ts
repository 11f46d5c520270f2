import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { buildTestApp, openTestDatabase } from '../helpers/build-test-app';
import { startSmtpSink } from '../helpers/smtp-sink';
import type { Database } from '../../src/db/client';
import { emailOutbox } from '../../src/db/schema';
import { backoffSeconds, createOutbox } from '../../src/email/outbox';
import { renderEmail } from '../../src/email/render';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function unusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const content = { subject: 'Hello', heading: 'Hello there', paragraphs: ['First <b>line</b>'], action: { label: 'Open', url: 'https://example.com/x?a=1&b=2' } };

describe('email outbox', () => {
  it('delivers queued emails over SMTP', async () => {
    const sink = await startSmtpSink();
    const t = await buildTestApp({ database, config: { smtpUrl: sink.url } });
    await t.app.deps.outbox.enqueue(database.db, { to: 'ada@example.com', replyTo: 'help@example.com', kind: 'test', content });
    expect(await t.app.deps.outbox.deliverDue()).toBe(1);
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]).toMatchObject({ to: ['ada@example.com'], subject: 'Hello', replyTo: 'help@example.com' });
    expect(sink.messages[0]!.text).toContain('Open: https://example.com/x?a=1&b=2');
    expect(sink.messages[0]!.html).toContain('First &lt;b&gt;line&lt;/b&gt;');
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'test'));
    expect(row?.status).toBe('sent');
    expect(await t.app.deps.outbox.deliverDue()).toBe(0);
    await t.close();
    await sink.close();
  });

  it('keeps emails while SMTP is down and delivers them after a restart once it is back', async () => {
    const port = await unusedPort();
    const first = await buildTestApp({ database, config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    const id = await first.app.deps.outbox.enqueue(database.db, { to: 'later@example.com', kind: 'retry-test', content });
    expect(await first.app.deps.outbox.deliverDue()).toBe(0);
    let [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await first.close();

    // The server restarts; SMTP comes back; the retry time arrives.
    const sink = await startSmtpSink({ port });
    await database.db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.id, id));
    const second = await buildTestApp({ database, config: { smtpUrl: sink.url } });
    expect(await second.app.deps.outbox.deliverDue()).toBe(1);
    expect(sink.messages.map((m) => m.to[0])).toEqual(['later@example.com']);
    [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.status).toBe('sent');
    await second.close();
    await sink.close();
  });

  it('in production without SMTP, stores emails and never logs their content', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const outbox = createOutbox({ db: database.db, smtpUrl: undefined, mailFrom: 'x@example.com', log, writeToLog: undefined });
    const id = await outbox.enqueue(database.db, { to: 'kept@example.com', kind: 'kept', content });
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.status).toBe('stored');
    expect(await outbox.deliverDue()).toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines.join('')).not.toContain('example.com/x');
  });

  it('outside production without SMTP, writes each committed email whole to the log, once, and keeps it as stored', async () => {
    const blocks: string[] = [];
    const log = pino({ level: 'silent' });
    const outbox = createOutbox({ db: database.db, smtpUrl: undefined, mailFrom: 'x@example.com', log, writeToLog: (block) => blocks.push(block) });
    const rolledBack = database.db.transaction(async (tx) => {
      await outbox.enqueue(tx, { to: 'never@example.com', kind: 'rolled-back', content });
      throw new Error('the change failed');
    });
    await expect(rolledBack).rejects.toThrow('the change failed');
    const id = await outbox.enqueue(database.db, { to: 'dev@example.com', kind: 'logged', content });
    expect(await outbox.deliverDue()).toBe(1);
    expect(await outbox.deliverDue()).toBe(0);
    expect(blocks).toEqual([
      [
        `===== Email ${id} (SMTP_URL is not set: written here instead of sent) =====`,
        'To:      dev@example.com',
        'Subject: Hello',
        '',
        renderEmail(content).text,
        `===== End of email ${id} =====`,
        '',
      ].join('\n'),
    ]);
    expect(blocks[0]).toContain('Open: https://example.com/x?a=1&b=2');
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.status).toBe('stored');
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([15, 30, 60, 120]);
    expect(backoffSeconds(20)).toBe(3600);
  });

  it('renders matching HTML and text and escapes content', () => {
    const rendered = renderEmail({ subject: 'S', heading: '<script>', paragraphs: ['a & b'] });
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('&lt;script&gt;');
    expect(rendered.text).toContain('<script>');
    expect(rendered.text).toContain('a & b');
  });
});
