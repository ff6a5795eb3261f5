import { runCli } from '../cli.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The admin CLI on a data folder of its own (the embedded database), run in this process with its
 * output captured: what `npm run admin -- …` does, without starting Node and loading the API for
 * every command (the CLI tests keep one real process for the program itself).
 */
export function adminCli(dataDir: string): (...args: string[]) => Promise<CliRun> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
  return async (...args) => {
    let stdout = '';
    let stderr = '';
    const code = await runCli(args, env, {
      out: (text) => (stdout += `${text}\n`),
      err: (text) => (stderr += `${text}\n`),
    });
    return { code, stdout, stderr };
  };
}
