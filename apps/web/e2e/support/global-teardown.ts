import { existsSync, readFileSync } from 'node:fs';
import { E2E } from './env.ts';

/** Stops the server if global setup's own teardown did not (a crash in setup, for instance). */
export default function globalTeardown() {
  if (!existsSync(E2E.pidFile)) return;
  const pid = Number(readFileSync(E2E.pidFile, 'utf8'));
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already stopped
  }
}
