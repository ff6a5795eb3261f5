import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by another vbuilder process (pid ${pid}). ` +
        'Stop that process first, or use PostgreSQL (DATABASE_URL) to run several processes at once.',
    );
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite has exactly one owner: a second process opening the same folder would corrupt it.
 * A lock file with the owner's pid makes the second one stop with a clear message instead.
 * A lock left by a dead process (a crash, SIGKILL) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockFile, 'utf8'));
      if (pid === process.pid || !Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
        rmSync(lockFile, { force: true });
        continue;
      }
      throw new DataDirLockedError(dataDir, pid);
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
