import { ConfigError } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { MigrationRefusedError } from '../db/migrations';
import { RestoreRefusedError } from '../services/platform/restore';

/** A command refused, in the one line it stops with (exit 1): the archive or the target is not what it must be. */
export class CommandRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandRefusedError';
  }
}

/** Refusals an operator acts on (another process holds DATA_DIR, a newer database, a bad archive): exit 1. */
function isRefusal(error: unknown): boolean {
  return error instanceof DataDirInUseError || error instanceof MigrationRefusedError || error instanceof RestoreRefusedError || error instanceof CommandRefusedError;
}

/** Time since `startedMs`, to a tenth of a second, for a command's closing line. */
export function secondsSince(startedMs: number): string {
  return `${Math.round((Date.now() - startedMs) / 100) / 10} s`;
}

/** The one line a command that cannot run stops with. */
export function cannotRunLine(name: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ConfigError) return `Configuration error: ${message}`;
  if (isRefusal(error)) return message;
  return `${name} could not run: ${message}`;
}

/**
 * Runs a command's `main`: its answer is the exit code. A refusal says why in one line and
 * exits 1; a command that cannot run otherwise says why in one line and exits 2.
 */
export function runCli(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(cannotRunLine(name, error));
      process.exit(isRefusal(error) ? 1 : 2);
    },
  );
}
