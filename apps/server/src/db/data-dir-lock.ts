/**
 * One process per data directory (issue 40.3): the embedded database is one Postgres running
 * inside this process, and a second process opening the same files would corrupt them or
 * hang. Every command that opens it (start, demo, ledger:verify, any backup or migration
 * command) goes through openDatabase, which takes this lock first.
 *
 * The lock is a file in DATA_DIR naming its holder: pid, the kernel's start time of that pid
 * and the boot it ran in (Linux, from /proc), and the command. It is created whole with one
 * link(), so nobody reads half of it. A holder that died without releasing it (SIGKILL, power
 * loss) leaves it behind: the next process sees that the pid is gone, or is now another
 * process (pid reused: another start time, another boot, as in a restarted container where
 * the server is pid 1 again), and takes the lock over.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'vaultline.lock';

/** The line a second process stops with. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
  ) {
    super(`DATA_DIR ${dataDir} is in use by another Vaultline process (pid ${holder.pid}, ${holder.command}): stop it first, or give this one another DATA_DIR.`);
    this.name = 'DataDirInUseError';
  }
}

interface Holder {
  pid: number;
  /** The kernel's start time of the pid (clock ticks since boot), when the system tells it. */
  started: string | null;
  bootId: string | null;
  command: string;
}

export interface DataDirLock {
  release(): void;
}

function readOptional(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat, after the command name (which may hold spaces and parentheses). */
function startTimeOf(pid: number): string | null {
  const stat = readOptional(`/proc/${pid}/stat`);
  if (!stat) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

const bootId = () => readOptional('/proc/sys/kernel/random/boot_id');

/**
 * How people started this process: "npm start", "npm run demo", or the script's name. npm's
 * variables pass on to every child, so they name this process only when their script runs it.
 */
function commandName(): string {
  const script = path.basename(process.argv[1] ?? process.argv0);
  const event = process.env.npm_lifecycle_event;
  if (!event || !process.env.npm_lifecycle_script?.includes(script)) return script;
  return event === 'start' ? 'npm start' : `npm run ${event}`;
}

function alive(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the pid exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const current = bootId();
  if (holder.bootId && current && holder.bootId !== current) return false;
  const started = startTimeOf(holder.pid);
  return !(holder.started && started && holder.started !== started);
}

function parseHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    return Number.isInteger(value.pid) && (value.pid ?? 0) > 0
      ? { pid: value.pid!, started: value.started ?? null, bootId: value.bootId ?? null, command: value.command ?? 'unknown command' }
      : null;
  } catch {
    return null;
  }
}

/**
 * Moves a dead holder's lock out of the way. Renamed first, then compared: when another
 * process took the lock over in between, its fresh lock is what got moved, and it goes back.
 */
function removeStale(lockPath: string, staleText: string): void {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readOptional(aside) !== staleText) {
    try {
      linkSync(aside, lockPath);
    } catch {
      // A third process holds the lock now; the one moved aside is no longer the lock.
    }
  }
  unlinkSync(aside);
}

/** Places `file` as the lock in one step; false when a lock is already there. */
function place(file: string, lockPath: string, text: string): boolean {
  try {
    linkSync(file, lockPath);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
  }
  // A filesystem without hard links: exclusive create, the text written at once (one short write).
  try {
    writeFileSync(lockPath, text, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Takes DATA_DIR for this process, or throws DataDirInUseError naming the live holder. The
 * lock goes with release(), and at the latest when the process exits.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const mine: Holder = { pid: process.pid, started: startTimeOf(process.pid), bootId: bootId(), command: commandName() };
  const text = JSON.stringify(mine);
  const candidate = `${lockPath}.new-${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(candidate, text);
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (place(candidate, lockPath, text)) return holding(lockPath, text);
      const found = readOptional(lockPath);
      if (found === null) continue;
      const holder = parseHolder(found);
      if (holder && alive(holder)) throw new DataDirInUseError(dataDir, holder);
      removeStale(lockPath, found);
    }
    throw new Error(`Could not take the lock ${lockPath}: other processes keep taking it over.`);
  } finally {
    unlinkSync(candidate);
  }
}

function holding(lockPath: string, text: string): DataDirLock {
  const release = () => {
    process.off('exit', release);
    // Only our own lock: never one another process took over after ours was judged stale.
    if (readOptional(lockPath) === text) unlinkSync(lockPath);
  };
  process.on('exit', release);
  return { release };
}
