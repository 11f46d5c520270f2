/**
 * Micro-benchmarks of single hot-path steps in isolation (ADR 0016): each candidate runs in
 * alternating rounds so a busy host slows them alike; the median of the rounds is reported.
 */
export function measure(name: string, candidates: Record<string, () => unknown>, options: { iterations?: number; rounds?: number } = {}): void {
  const iterations = options.iterations ?? 200_000;
  const rounds = options.rounds ?? 7;
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(candidates).map((key) => [key, []]));
  let sink: unknown;
  for (const run of Object.values(candidates)) for (let i = 0; i < iterations / 10; i += 1) sink = run();
  for (let round = 0; round < rounds; round += 1) {
    for (const [key, run] of Object.entries(candidates)) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < iterations; i += 1) sink = run();
      samples[key]!.push(Number(process.hrtime.bigint() - start) / iterations);
    }
  }
  void sink;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(name);
  for (const [key, values] of Object.entries(samples)) {
    console.log(`  ${key.padEnd(40)} ${(median(values) / 1000).toFixed(3)} µs (rounds ${values.map((v) => (v / 1000).toFixed(2)).join(' ')})`);
  }
}
