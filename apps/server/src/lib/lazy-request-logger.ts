import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

/**
 * Fastify's per-request logger (`request.log`), made the first time something is logged at an
 * enabled level. pino's child() serialises its bindings through the log redaction on every
 * request, a sixth of all a simple read allocated, while at the default level most requests
 * never write a line. Routes with their own log level get a real child at once.
 */
export function lazyRequestLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  const pinoParent = parent as Logger;
  if (options.level !== undefined || typeof pinoParent.isLevelEnabled !== 'function') return parent.child(bindings, options);
  return new LazyChild(pinoParent, bindings, options) as unknown as FastifyBaseLogger;
}

type Write = (...args: unknown[]) => void;

const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

class LazyChild {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private made(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.options);
    return this.#made;
  }

  private write(level: Level, args: unknown[]): void {
    // Once made, the child decides (its level may have been changed).
    if (this.#made || this.parent.isLevelEnabled(level)) (this.made()[level] as Write)(...args);
  }

  get level(): string {
    return this.#made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }

  static {
    // fatal() to trace(): one prototype method per level, each writing at its own level.
    for (const level of LEVELS) {
      Object.defineProperty(LazyChild.prototype, level, {
        value(this: LazyChild, ...args: unknown[]) {
          this.write(level, args);
        },
      });
    }
  }

  silent(): void {}
}
