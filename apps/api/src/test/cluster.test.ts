import { randomUUID } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AttemptResultSchema, LIMITS, type Question } from '@vbuilder/shared';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../../../test-support/round-robin-proxy.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { pkcePair } from '../identity/test-client.ts';
import { insertAssessment, questionOf } from '../modules/attempts/test-fixtures.ts';
import {
  freshDatabaseUrl,
  serverEnv,
  startServer,
  stopped,
  WAIT_MS,
  type Cleanup,
  type Server,
} from './server-process.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from './sign-in.ts';

/**
 * The cluster test: two API processes on one PostgreSQL database behind a round-robin
 * proxy (test-support/round-robin-proxy.ts), so consecutive requests of one student land on
 * different instances. 100 students start an exam, autosave, and submit; instance "b" is SIGKILLed
 * in the middle of the saves and restarted. Afterwards: every acknowledged answer is stored (at
 * least its revision), each attempt is submitted once, no 5xx but the proxy's 502s for the dead
 * backend (a refused save or submit is retried with the same idempotency key, as the web app
 * does), a file uploaded through one instance downloads through the other, and wrong passwords
 * over both instances are throttled as by one server. PostgreSQL only (two processes cannot share
 * a PGlite directory). Nothing waits a fixed time: phases move on events (acknowledgements, a
 * process exit, a server listening).
 */

const PUBLIC_URL = 'http://cluster-test.invalid';
const STUDENTS = 100;
const QUESTION_IDS = ['s1', 's2', 'e1'];
/** Save rounds (every question once per round): before the kill, while one instance is down, after the restart. */
const ROUNDS = { beforeKill: 3, whileDown: 2, afterRestart: 2 };
/** The kill comes once every answer was acknowledged at this revision: in the middle of the saves. */
const KILL_AFTER_REVISION = 2;
const PASSWORD = 'Monsoon lanterns over Yangon 1988';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const log = (message: string) => {
  if (process.env.CRASH_TEST_DEBUG) console.error(`[cluster-test] ${new Date().toISOString()} ${message}`);
};

interface Student {
  headers: Record<string, string>;
  attemptId: string;
  acked: Map<string, number>;
  sent: Map<string, Map<number, unknown>>;
  next: Map<string, number>;
  submittedAt?: string;
}

const cleanups: Cleanup[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** Everything answered 5xx that was not the proxy's 502 for a dead backend. */
const unexpected: string[] = [];
const acknowledgements = new EventEmitter();
acknowledgements.setMaxListeners(0);

/** A gate the students wait at between phases. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * One request through the proxy, repeated while the proxy answers 502 for a dead backend (the next
 * try goes to the live one). Any other 5xx is recorded as unexpected.
 */
async function send(url: string, init: RequestInit, what: string): Promise<Response> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const res = await fetch(url, init);
    if (res.status === 502 && res.headers.get('x-proxy-backend')) {
      await res.arrayBuffer();
      if (Date.now() > until) throw new Error(`${what}: 502 for ${WAIT_MS} ms`);
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    if (res.status >= 500) unexpected.push(`${what}: ${res.status} ${await res.clone().text()}`);
    return res;
  }
}

const answerFor = (studentIndex: number, questionId: string, revision: number) =>
  questionId.startsWith('e')
    ? { text: `<p>Student ${studentIndex}, draft ${revision}</p>` }
    : `answer ${studentIndex}-${questionId}-${revision}`;

/** One autosave with its own idempotency key, repeated unchanged after a 502; records the acknowledgement. */
async function autosave(proxy: string, student: Student, index: number, questionId: string) {
  const revision = student.next.get(questionId)!;
  student.next.set(questionId, revision + 1);
  const answer = answerFor(index, questionId, revision);
  student.sent.get(questionId)!.set(revision, answer);
  const body = JSON.stringify({ answer, revision, idempotencyKey: randomUUID() });
  const res = await send(
    `${proxy}/api/attempts/${student.attemptId}/answers/${questionId}`,
    { method: 'PUT', headers: { ...student.headers, 'content-type': 'application/json' }, body },
    `save ${index}/${questionId}@${revision}`,
  );
  if (res.status !== 200) throw new Error(`save answered ${res.status}: ${await res.text()}`);
  const ack = (await res.json()) as { revision: number; stale: boolean };
  if (!ack.stale) student.acked.set(questionId, Math.max(student.acked.get(questionId) ?? 0, ack.revision));
  acknowledgements.emit('ack');
}

async function saveRounds(proxy: string, student: Student, index: number, rounds: number) {
  for (let round = 0; round < rounds; round += 1) {
    await Promise.all(QUESTION_IDS.map((q) => autosave(proxy, student, index, q)));
  }
}

async function allAcknowledged(students: Student[], revision: number): Promise<void> {
  const reached = () => students.every((s) => QUESTION_IDS.every((q) => (s.acked.get(q) ?? 0) >= revision));
  const signal = AbortSignal.timeout(WAIT_MS);
  while (!reached()) await once(acknowledgements, 'ack', { signal });
}

/** Organization, students with tokens, a published exam, and one account with a password; then closes. */
async function prepare(env: Record<string, string>) {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await buildApp(config, { database, logger: false, deadlineCloserMs: false });
  await app.ready();
  try {
    const org = await makeOrganization(app, 'Cluster Test School');
    const questions: Question[] = [
      questionOf('short-answers', 's1'),
      questionOf('short-answers', 's2'),
      questionOf('essay', 'e1'),
      questionOf('mind-maps', 'f1'),
    ];
    const assessment = await insertAssessment(app.db, { organizationId: org.id, questions });
    const students = await Promise.all(
      Array.from({ length: STUDENTS }, async () => {
        const user = await makeUser(app, 'Student', org.id);
        return bearer(await tokenFor(app, user, 3600));
      }),
    );
    const owner = await makeUser(app, 'Teacher', org.id, { password: PASSWORD });
    return {
      assessmentId: assessment.id,
      students,
      ownerEmail: owner.email,
      clientId: config.OIDC_CLIENT_ID,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

/** A browser at its own address (a loopback alias as the connection's source), keeping cookies. */
function browserAt(localAddress: string, proxy: string) {
  const cookies = new Map<string, string>();
  const host = new URL(PUBLIC_URL).host;
  return (method: string, pathname: string, json?: unknown) =>
    new Promise<{ status: number; backend: string; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const target = new URL(pathname, proxy);
        const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
        const req = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            method,
            path: target.pathname + target.search,
            localAddress,
            headers: {
              host,
              ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
              ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              for (const line of res.headers['set-cookie'] ?? []) {
                const [pair] = line.split(';');
                const eq = pair!.indexOf('=');
                cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
              }
              resolve({
                status: res.statusCode ?? 0,
                backend: String(res.headers['x-proxied-by']),
                headers: res.headers,
                body: Buffer.concat(chunks).toString(),
              });
            });
          },
        );
        req.on('error', reject);
        req.end(payload);
      },
    );
}

/** Starts a sign-in (the provider's authorization request) and answers the interaction uid. */
async function startSignIn(browser: ReturnType<typeof browserAt>, clientId: string): Promise<string> {
  const params = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    response_mode: 'query',
    redirect_uri: `${PUBLIC_URL}/auth/callback`,
    scope: 'openid profile email offline_access',
    state: 'cluster',
    nonce: 'cluster',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
  });
  const res = await browser('GET', `/oidc/auth?${params}`);
  const uid = /\/signin\/([^/?]+)$/.exec(String(res.headers.location))?.[1];
  if (res.status !== 303 || !uid) throw new Error(`authorize answered ${res.status}: ${res.body}`);
  return uid;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('cluster test: two instances behind a proxy', () => {
  it(
    'loses no acknowledged answer and submits once when one instance dies; shares files and the sign-in throttle',
    { timeout: 5 * WAIT_MS },
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'vb-cluster-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const databaseUrl = await freshDatabaseUrl('vb_cluster', cleanups);
      // The proxy connects from 127.0.0.1: trusted to name the client in X-Forwarded-For.
      const env = { ...serverEnv({ publicUrl: PUBLIC_URL, dataDir, databaseUrl }), TRUST_PROXY: '127.0.0.1' };

      // Both instances start together on the empty database: migrations run once, under their lock.
      const servers: Record<'a' | 'b', Server> = Object.fromEntries(
        await Promise.all(
          (['a', 'b'] as const).map(
            async (name) => [name, await startServer(env, `cluster ${name}`)] as const,
          ),
        ),
      ) as Record<'a' | 'b', Server>;
      cleanups.push(async () => {
        for (const server of Object.values(servers)) server.child.kill('SIGKILL');
      });
      const prepared = await prepare(env);
      const proxy: RoundRobinProxy = await startRoundRobinProxy({ a: servers.a.base, b: servers.b.base });
      cleanups.push(() => proxy.close());
      const url = proxy.url;
      log(`a ${servers.a.base}, b ${servers.b.base}, proxy ${url}`);

      // Start: one attempt per student, alternating over the instances.
      const students: Student[] = await Promise.all(
        prepared.students.map(async (headers, index) => {
          const res = await send(
            `${url}/api/assessments/${prepared.assessmentId}/attempts`,
            { method: 'POST', headers },
            `start ${index}`,
          );
          expect(res.status).toBe(201);
          return {
            headers,
            attemptId: ((await res.json()) as { id: string }).id,
            acked: new Map(),
            sent: new Map(QUESTION_IDS.map((q) => [q, new Map()])),
            next: new Map(QUESTION_IDS.map((q) => [q, 1])),
          };
        }),
      );
      log('started');

      // A file for the exam's file question, uploaded through instance "a" (downloaded at the end through "b").
      const boundary = '----vbcluster';
      const upload = await fetch(
        `${servers.a.base}/api/attempts/${students[0]!.attemptId}/answers/f1/files`,
        {
          method: 'POST',
          headers: { ...students[0]!.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
          body: Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="map.png"\r\nContent-Type: image/png\r\n\r\n`,
            ),
            PNG,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
        },
      );
      expect(upload.status).toBe(201);
      const file = (await upload.json()) as { url: string };

      const killed = gate();
      const restarted = gate();
      const exam = Promise.all(
        students.map(async (student, index) => {
          await saveRounds(url, student, index, ROUNDS.beforeKill);
          await killed.opened;
          await saveRounds(url, student, index, ROUNDS.whileDown);
          await restarted.opened;
          await saveRounds(url, student, index, ROUNDS.afterRestart);
          const res = await send(
            `${url}/api/attempts/${student.attemptId}/submit`,
            { method: 'POST', headers: student.headers },
            `submit ${index}`,
          );
          expect(res.status).toBe(200);
          const result = AttemptResultSchema.parse(await res.json());
          student.submittedAt = result.submittedAt ?? undefined;
        }),
      );
      // Also rejects (with the students' error) if the exam fails before the kill.
      await Promise.race([allAcknowledged(students, KILL_AFTER_REVISION), exam]);
      servers.b.child.kill('SIGKILL');
      await stopped(servers.b.child);
      log('b killed');
      killed.open();
      // The restart waits for the saves made meanwhile: all of them go through the proxy with "b"
      // dead, so some are refused (502) and retried on "a".
      await Promise.race([allAcknowledged(students, ROUNDS.beforeKill + ROUNDS.whileDown), exam]);
      servers.b = await startServer(env, 'cluster b');
      proxy.replace('b', servers.b.base);
      log(`b restarted at ${servers.b.base}`);
      restarted.open();
      await exam;
      log('submitted');

      // Every acknowledged answer stored with at least its revision and the answer sent with it;
      // each student has one attempt, submitted once, by the student.
      const { default: pg } = await import('pg');
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const attempts = await db.query<{
          id: string;
          student_id: string;
          status: string;
          submitted_by: string;
          submitted_at: Date;
          marking_status: string;
        }>('select * from attempts where assessment_id = $1', [prepared.assessmentId]);
        expect(attempts.rows).toHaveLength(STUDENTS);
        expect(new Set(attempts.rows.map((r) => r.student_id)).size).toBe(STUDENTS);
        const byId = new Map(attempts.rows.map((r) => [r.id, r]));
        const answers = await db.query<{
          attempt_id: string;
          question_id: string;
          revision: number;
          answer: unknown;
        }>(
          'select attempt_id, question_id, revision, answer from attempt_answers where attempt_id = any($1)',
          [students.map((s) => s.attemptId)],
        );
        const stored = new Map(answers.rows.map((r) => [`${r.attempt_id}/${r.question_id}`, r]));
        for (const [index, student] of students.entries()) {
          const row = byId.get(student.attemptId);
          expect(row, `student ${index}`).toMatchObject({ status: 'submitted', submitted_by: 'student' });
          // The submit the student was answered is the one stored, even when it was retried.
          expect(row!.submitted_at.toISOString()).toBe(student.submittedAt);
          expect(row!.marking_status).toBe('pending');
          for (const questionId of QUESTION_IDS) {
            const where = `student ${index}, question ${questionId}`;
            const answer = stored.get(`${student.attemptId}/${questionId}`);
            const acked = student.acked.get(questionId) ?? 0;
            expect(acked, where).toBe(student.next.get(questionId)! - 1);
            expect(answer, where).toBeDefined();
            expect(answer!.revision, where).toBeGreaterThanOrEqual(acked);
            expect(answer!.answer, where).toEqual(student.sent.get(questionId)!.get(answer!.revision));
          }
        }
      } finally {
        await db.end();
      }
      log('checked');

      // No 5xx but the proxy's 502s, and those only for the killed instance (requests in flight
      // when it died, and the first refused one).
      expect(unexpected).toEqual([]);
      expect(proxy.stats.get('a')!.refused).toBe(0);
      expect(proxy.stats.get('b')!.refused).toBeGreaterThan(0);
      expect(proxy.stats.get('a')!.requests).toBeGreaterThan(STUDENTS * QUESTION_IDS.length);
      expect(proxy.stats.get('b')!.requests).toBeGreaterThan(STUDENTS * QUESTION_IDS.length);
      log(`stats ${JSON.stringify([...proxy.stats])}`);

      // The file uploaded through "a" before the kill downloads through the restarted "b".
      const download = await fetch(`${servers.b.base}${file.url}`, { headers: students[0]!.headers });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);

      // Wrong passwords for one account from one client, alternating over both instances: throttled
      // after the allowance as by one server (two separate counters would allow twice as many).
      const free = LIMITS.loginAttemptsPerAccount;
      const guesser = browserAt('127.0.0.2', url);
      const uid = await startSignIn(guesser, prepared.clientId);
      const answered: { status: number; backend: string }[] = [];
      for (let i = 0; i < 2 * (free + 1); i += 1) {
        const res = await guesser('POST', `/signin/${uid}/login`, {
          email: prepared.ownerEmail,
          password: 'wrong',
        });
        answered.push({ status: res.status, backend: res.backend });
        if (res.status === 429) break;
      }
      log(`sign-in attempts ${JSON.stringify(answered)}`);
      const firstThrottled = answered.findIndex((a) => a.status === 429);
      // The allowance, and one more (its failure starts the wait), are checked on either instance...
      expect(answered.slice(0, free + 1).map((a) => a.status)).toEqual(Array(free + 1).fill(401));
      expect(new Set(answered.slice(0, free + 1).map((a) => a.backend))).toEqual(new Set(['a', 'b']));
      // ...and then the wait holds on both, long before either would count the allowance alone.
      expect(firstThrottled).toBeGreaterThan(free);
      // Another client (another address, as the proxy reports it) is not held by this one's guesses.
      const owner2 = browserAt('127.0.0.3', url);
      const uid2 = await startSignIn(owner2, prepared.clientId);
      const other = await owner2('POST', `/signin/${uid2}/login`, {
        email: prepared.ownerEmail,
        password: PASSWORD,
      });
      expect(other.status, other.body).toBe(200);

      servers.a.child.kill('SIGTERM');
      servers.b.child.kill('SIGTERM');
      await Promise.all([stopped(servers.a.child), stopped(servers.b.child)]);
    },
  );
});
