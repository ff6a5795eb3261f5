/**
 * Builds the web app when its build is missing or older than its sources: `npm start` and
 * `npm run bench` serve apps/web/dist and must never serve a stale one (or none).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = path.join(root, 'apps/web/dist');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'packages/shared/src'].map((p) =>
  path.join(root, p),
);

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), 0);
}

export function ensureWebBuild() {
  const index = path.join(WEB_DIST, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
    console.log('Building the web app...');
    execFileSync('npm', ['run', 'build', '-w', '@vbuilder/web'], { cwd: root, stdio: 'inherit' });
  }
}
