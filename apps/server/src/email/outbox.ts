import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@app/shared';
import type { Db, DbOrTx } from '../db/client';
import { emailOutbox, type OutboxRow } from '../db/schema';
import { selectRows } from '../db/rows';
import { renderEmail, type EmailContent } from './render';

export interface OutgoingEmail {
  to: string;
  replyTo?: string;
  kind: string;
  /** The reader's language (`users.language`): the content is written in it; English when not given. */
  language?: Language;
  content: EmailContent;
}

export interface Outbox {
  /** Adds an email to the outbox in the caller's transaction, so it exists exactly when the change does. */
  enqueue(db: DbOrTx, email: OutgoingEmail): Promise<number>;
  /** Like enqueue, for many emails in one insert (batch jobs such as maturity). */
  enqueueMany(db: DbOrTx, emails: OutgoingEmail[]): Promise<number[]>;
  /** Sends what is due now; returns how many were sent. Safe to run on several instances at once. */
  deliverDue(): Promise<number>;
  /** Ask the worker to look soon (after an enqueue commits). */
  wake(): void;
  /** Put a failed message back in the queue. */
  retry(id: number): Promise<boolean>;
  start(): void;
  stop(): Promise<void>;
  readonly delivering: boolean;
}

const BATCH = 20;
const MAX_ATTEMPTS = 8;
const POLL_MS = 2000;
/** A claimed message is retried after this long if its sender died mid-send. */
const LEASE_SECONDS = 300;

export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 15 * 2 ** Math.max(0, attempts - 1));
}

/** One email as a block a person reads in the terminal running the server: codes and links in full. */
export function emailLogBlock(row: Pick<OutboxRow, 'id' | 'toAddress' | 'subject' | 'text'>): string {
  return [
    `===== Email ${row.id} (SMTP_URL is not set: written here instead of sent) =====`,
    `To:      ${row.toAddress}`,
    `Subject: ${row.subject}`,
    '',
    row.text,
    `===== End of email ${row.id} =====`,
    '',
  ].join('\n');
}

export function createOutbox(options: {
  db: Db;
  smtpUrl: string | undefined;
  mailFrom: string;
  log: FastifyBaseLogger;
  /**
   * Without SMTP, outside production: where each email goes instead, in full (emailLogBlock).
   * Written by the worker once the email's transaction has committed, so a rolled-back change
   * never shows a code that does not exist. Without it (production), emails are only stored.
   */
  writeToLog?: ((block: string) => void) | undefined;
}): Outbox {
  const { db, log, writeToLog } = options;
  const { smtpUrl } = options;
  // nodemailer is loaded only when SMTP is configured.
  const transport: Promise<Transporter> | undefined = smtpUrl
    ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl, { from: options.mailFrom }))
    : undefined;
  /** The worker hands emails on: over SMTP, or to the log. */
  const handsOn = Boolean(transport ?? writeToLog);
  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function claim(): Promise<OutboxRow[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(emailOutbox.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(emailOutbox)
        .set({
          attempts: sql`${emailOutbox.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        })
        .where(inArray(
          emailOutbox.id,
          due.map((row) => row.id),
        ))
        .returning();
    });
  }

  async function sendOne(row: OutboxRow): Promise<boolean> {
    if (!transport) return writeOneToLog(row);
    try {
      await (await transport).sendMail({
        from: options.mailFrom,
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        html: row.html,
        text: row.text,
      });
      await db.update(emailOutbox).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(eq(emailOutbox.id, row.id));
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const gaveUp = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(emailOutbox)
        .set({
          status: gaveUp ? 'failed' : 'pending',
          lastError: message.slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
        })
        .where(eq(emailOutbox.id, row.id));
      log.warn({ emailId: row.id, attempts: row.attempts, gaveUp, err: message }, 'email delivery failed');
      return false;
    }
  }

  /** Without SMTP: the email goes to the log, and stays in the outbox as stored. */
  async function writeOneToLog(row: OutboxRow): Promise<boolean> {
    if (!writeToLog) return false;
    writeToLog(emailLogBlock(row));
    await db.update(emailOutbox).set({ status: 'stored', lastError: null }).where(eq(emailOutbox.id, row.id));
    return true;
  }

  async function deliverDueOnce(): Promise<number> {
    if (!handsOn) return 0;
    let sent = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return sent;
      for (const row of batch) if (await sendOne(row)) sent += 1;
      if (batch.length < BATCH) return sent;
    }
  }

  function deliverDue(): Promise<number> {
    // One delivery pass at a time in this process; other instances are kept apart by SKIP LOCKED.
    running ??= deliverDueOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  /** An email as its outbox row: rendered now, waiting for delivery (or kept, without SMTP). */
  function outboxRow(email: OutgoingEmail): typeof emailOutbox.$inferInsert {
    const rendered = renderEmail(email.content, email.language);
    return {
      toAddress: email.to,
      replyTo: email.replyTo ?? null,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      kind: email.kind,
      status: handsOn ? 'pending' : 'stored',
    };
  }

  function tick() {
    deliverDue().catch((error: unknown) => log.warn({ err: error }, 'outbox pass failed'));
  }

  return {
    async enqueue(conn, email) {
      // SQL text rather than the query builder: an email is enqueued in most money transactions,
      // and rendering the insert cost ~80 µs of CPU each time (bench/ledger.ts; issue 20).
      const values = outboxRow(email);
      const [row] = await selectRows<{ id: string | number }>(
        conn,
        sql`insert into email_outbox (to_address, reply_to, subject, html, text, kind, status)
          values (${values.toAddress}, ${values.replyTo ?? null}, ${values.subject}, ${values.html}, ${values.text}, ${values.kind}, ${values.status ?? 'pending'})
          returning id`,
      );
      if (!handsOn) log.info({ emailId: row?.id, kind: email.kind }, 'email stored in the outbox (no SMTP_URL set)');
      this.wake();
      return Number(row!.id);
    },
    async enqueueMany(conn, emails) {
      if (emails.length === 0) return [];
      const rows = await conn.insert(emailOutbox).values(emails.map(outboxRow)).returning({ id: emailOutbox.id });
      if (!handsOn) log.info({ count: rows.length, kind: emails[0]!.kind }, 'emails stored in the outbox (no SMTP_URL set)');
      this.wake();
      return rows.map((row) => row.id);
    },
    deliverDue,
    wake() {
      if (stopped || wakeTimer) return;
      wakeTimer = setTimeout(() => {
        wakeTimer = undefined;
        tick();
      }, 50);
      wakeTimer.unref();
    },
    async retry(id) {
      const updated = await db
        .update(emailOutbox)
        .set({ status: handsOn ? 'pending' : 'stored', nextAttemptAt: sql`now()`, attempts: 0 })
        .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ['failed', 'pending', 'restored'])))
        .returning({ id: emailOutbox.id });
      this.wake();
      return updated.length > 0;
    },
    start() {
      if (!handsOn || !stopped) return;
      stopped = false;
      timer = setInterval(tick, POLL_MS);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (wakeTimer) clearTimeout(wakeTimer);
      wakeTimer = undefined;
      await running?.catch(() => {});
      if (transport) (await transport).close();
    },
    get delivering() {
      return Boolean(transport);
    },
  };
}
