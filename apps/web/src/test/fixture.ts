/** A maker of test data: `defaults`, with what a test changes laid over them (a fresh object each call). */
export function fixture<T extends object>(defaults: T) {
  return (overrides: Partial<T> = {}): T => ({ ...defaults, ...overrides });
}
