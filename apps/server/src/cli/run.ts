import { ConfigError } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';

/** The one line a command that cannot run stops with. */
export function cannotRunLine(name: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ConfigError) return `Configuration error: ${message}`;
  if (error instanceof DataDirInUseError) return message;
  return `${name} could not run: ${message}`;
}

/** Runs a command's `main`: its answer is the exit code; a command that cannot run says why in one line and exits 2. */
export function runCli(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(cannotRunLine(name, error));
      process.exit(2);
    },
  );
}
