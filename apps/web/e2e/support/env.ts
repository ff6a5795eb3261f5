import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../../test-support/free-port.ts';

export { freePort };

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../../..');

// The server's port: E2E_PORT, or a free one. Chosen once, in the Playwright runner that loads the
// config first; its workers inherit the environment, so they all talk to the same server.
process.env.E2E_PORT ||= String(await freePort());
const port = Number(process.env.E2E_PORT);
// Overridable so several people (or helpers) can run journeys side by side on one machine.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(REPO_ROOT, '.e2e-data');

/** Where the end-to-end server runs and keeps its data, mail and seeded accounts. */
export const E2E = {
  port,
  /** The test SMTP server's port: E2E_SMTP_PORT, or a free one picked when it starts. */
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 0),
  baseUrl: `http://localhost:${port}`,
  dataDir,
  /** The built SPA the server serves (`vite build --outDir` elsewhere to keep apps/web/dist untouched). */
  webDist: process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist'),
  mailDir: path.join(dataDir, 'mail'),
  accountsFile: path.join(dataDir, 'accounts.json'),
  serverLog: path.join(dataDir, 'server.log'),
  pidFile: path.join(dataDir, 'server.pid'),
};
