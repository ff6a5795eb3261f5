/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then runs
 * vbuilder (API, identity provider and SPA on one port) with the embedded database by default.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'packages/shared/src'].map((p) =>
  path.join(root, p),
);

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), 0);
}

const builtAt = existsSync(path.join(dist, 'index.html'))
  ? statSync(path.join(dist, 'index.html')).mtimeMs
  : 0;
if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log('Building the web app...');
  execFileSync('npm', ['run', 'build', '-w', '@vbuilder/web'], { cwd: root, stdio: 'inherit' });
}

process.env.WEB_DIST ??= dist;
process.chdir(root);
await import('../apps/api/src/server.ts');
