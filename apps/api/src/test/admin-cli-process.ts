import { createInterface } from 'node:readline';
import { runCli } from '../cli.ts';

/**
 * The admin CLI as one process for a series of commands (`node apps/api/src/test/admin-cli-process.ts`):
 * each line on stdin is a command's arguments as a JSON array; each answer is one line on stdout,
 * `admin-cli-answer ` followed by `{ code, stdout, stderr }` as JSON. The journeys' global setup seeds a dozen
 * organizations and people this way, starting Node and loading the API once instead of per
 * command. The commands run one after another, each opening and closing the database as
 * `npm run admin` does; the process ends when stdin does.
 */
const ANSWER = 'admin-cli-answer ';

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const args = JSON.parse(line) as string[];
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, process.env, {
    out: (text) => (stdout += `${text}\n`),
    err: (text) => (stderr += `${text}\n`),
  });
  process.stdout.write(`${ANSWER}${JSON.stringify({ code, stdout, stderr })}\n`);
}
