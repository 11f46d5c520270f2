// `npm run dev`: the API with reload on change (port 3000) and the Vite dev server (port
// 5173, proxying /api to the API). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST_DIR: 'none' },
  }),
  spawn('npx', ['vite'], { cwd: 'apps/web', stdio: 'inherit' }),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
