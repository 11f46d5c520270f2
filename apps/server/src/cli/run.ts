import { ConfigError } from '../config';

/** Runs a command's `main`: its answer is the exit code; a command that cannot run says why in one line and exits 2. */
export function runCli(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      console.error(error instanceof ConfigError ? `Configuration error: ${message}` : `${name} could not run: ${message}`);
      process.exit(2);
    },
  );
}
