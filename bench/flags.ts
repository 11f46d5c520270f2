// `node --import tsx bench/flags.ts`: the pinned reads of bench/builds.ts on this build started
// with different extra Node flags, in alternating rounds (embedded, or DB=postgres://… for a
// database that exists): per flag set and round, each scenario's req/s and the server's CPU time
// per request, and the RSS right after the load. For a change to `npm start`'s flags (ADR 0010).
//   CONFIGS='|--heap-growing-percent=100' (flag sets separated by |, empty: as shipped); ROUNDS (3).
import { cpuMicros, measure, rssMb, startApp } from './lib';
import { pinnedScenarios } from './pinned';

const configs = (process.env.CONFIGS ?? '|--heap-growing-percent=100').split('|');
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
  for (const config of round % 2 ? [...configs].reverse() : configs) {
    const app = await startApp({ nodeFlags: config ? config.split(' ') : [], databaseUrl: process.env.DB });
    const row: string[] = [];
    for (const scenario of pinnedScenarios) {
      const request = await scenario.prepare({ url: app.url });
      let before = 0;
      const result = await measure({ url: `${app.url}${request.path}`, headers: request.headers, durationSeconds: 5, afterWarmUp: () => (before = cpuMicros(app.process)) });
      row.push(`${scenario.name.split(' ')[1]!.split('/').at(-1)} ${result.requestsPerSecond} ${((cpuMicros(app.process) - before) / (result.requestsPerSecond * 5)).toFixed(1)}µs`);
    }
    console.log(`round ${round + 1} [${config || 'as shipped'}] rss ${rssMb(app.process)} MB: ${row.join(', ')}`);
    await app.stop();
  }
}
