import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { AttemptResultSchema, AttemptSchema, type Question } from '@vbuilder/shared';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { insertAssessment, questionOf } from './test-fixtures.ts';

/**
 * The crash test (issue 6): no acknowledged answer may be lost when the server dies. A real
 * server process is killed (SIGKILL, no shutdown) while simulated students autosave; after a
 * restart every question must hold at least the highest revision the server acknowledged, with
 * the answer sent with that revision. Then the students carry on and submit.
 * PGlite in a temporary DATA_DIR; PostgreSQL (a fresh database) when TEST_DATABASE_URL is set.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
const SERVER = path.join(ROOT, 'apps/api/src/server.ts');
const PORT = Number(process.env.CRASH_TEST_PORT ?? 4505);
const BASE = `http://127.0.0.1:${PORT}`;
const STUDENTS = 4;
const log = (message: string) => {
  if (process.env.CRASH_TEST_DEBUG) console.error(`[crash-test] ${new Date().toISOString()} ${message}`);
};
const QUESTION_IDS = ['s1', 's2', 's3', 'e1'];

interface Student {
  headers: Record<string, string>;
  attemptId: string;
  /** Per question: the highest revision acknowledged, and the answer sent with each revision. */
  acked: Map<string, number>;
  sent: Map<string, Map<number, unknown>>;
  next: Map<string, number>;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function freshDatabaseUrl(): Promise<string | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const { default: pg } = await import('pg');
  const name = `vb_crash_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function serverEnv(dataDir: string, databaseUrl: string | undefined): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/** Prepares organization, students, a published assessment, tokens and started attempts, then closes. */
async function prepare(env: Record<string, string>): Promise<Student[]> {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await buildApp(config, { database, logger: false, deadlineCloserMs: false });
  await app.ready();
  try {
    const org = await makeOrganization(app, 'Crash Test School');
    const questions: Question[] = [
      questionOf('short-answers', 's1'),
      questionOf('short-answers', 's2'),
      questionOf('short-answers', 's3'),
      questionOf('essay', 'e1'),
    ];
    const assessment = await insertAssessment(app.db, { organizationId: org.id, questions });
    const students: Student[] = [];
    for (let i = 0; i < STUDENTS; i += 1) {
      const user = await makeUser(app, 'Student', org.id);
      const headers = bearer(await tokenFor(app, user, 3600));
      const res = await app.inject({
        method: 'POST',
        url: `/api/assessments/${assessment.id}/attempts`,
        headers,
      });
      expect(res.statusCode).toBe(201);
      students.push({
        headers,
        attemptId: res.json().id as string,
        acked: new Map(),
        sent: new Map(QUESTION_IDS.map((q) => [q, new Map()])),
        next: new Map(QUESTION_IDS.map((q) => [q, 1])),
      });
    }
    return students;
  } finally {
    await app.close();
    await database.close();
  }
}

function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(NODE, [SERVER], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) =>
    process.stderr.write(`[crash-test server] ${chunk.toString()}`),
  );
  return child;
}

async function waitForHealth(timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${BASE}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('The server did not become healthy');
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

const answerFor = (studentIndex: number, questionId: string, revision: number) =>
  questionId.startsWith('e')
    ? { text: `<p>Student ${studentIndex}, draft ${revision}</p>` }
    : `answer ${studentIndex}-${questionId}-${revision}`;

/** One autosave; records the acknowledged revision. Network errors (the crash) are not acknowledgements. */
async function autosave(student: Student, index: number, questionId: string): Promise<void> {
  const revision = student.next.get(questionId)!;
  student.next.set(questionId, revision + 1);
  const answer = answerFor(index, questionId, revision);
  student.sent.get(questionId)!.set(revision, answer);
  const res = await fetch(`${BASE}/api/attempts/${student.attemptId}/answers/${questionId}`, {
    method: 'PUT',
    headers: { ...student.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ answer, revision, idempotencyKey: randomUUID() }),
  });
  if (res.status !== 200) throw new Error(`save answered ${res.status}: ${await res.text()}`);
  const ack = (await res.json()) as { revision: number; stale: boolean };
  if (!ack.stale) student.acked.set(questionId, Math.max(student.acked.get(questionId) ?? 0, ack.revision));
}

/** Each student saves its questions round and round, several requests in flight, until `stop()`. */
function autosaveContinuously(students: Student[]) {
  let running = true;
  const loops = students.flatMap((student, index) =>
    QUESTION_IDS.map(async (questionId) => {
      while (running) {
        try {
          await autosave(student, index, questionId);
        } catch {
          // The server is gone: this save was never acknowledged.
          if (!running) return;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    }),
  );
  return {
    stop: async () => {
      running = false;
      await Promise.allSettled(loops);
    },
  };
}

describe('crash test: SIGKILL while students autosave', () => {
  it(
    'keeps every acknowledged answer, and the students can carry on and submit',
    { timeout: 180_000 },
    async () => {
      log('begin');
      const dataDir = await mkdtemp(path.join(tmpdir(), 'vb-crash-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const env = serverEnv(dataDir, await freshDatabaseUrl());
      const students = await prepare(env);
      log('prepared');

      let server = startServer(env);
      cleanups.push(async () => {
        server.kill('SIGKILL');
      });
      await waitForHealth();
      log('server up');
      const saving = autosaveContinuously(students);
      // Let acknowledgements pile up, then kill the server in the middle of the traffic.
      await new Promise((r) => setTimeout(r, 2500));
      server.kill('SIGKILL');
      await stopped(server);
      await saving.stop();
      log('killed');

      const acknowledged = students.reduce(
        (sum, s) => sum + [...s.acked.values()].reduce((a, b) => a + b, 0),
        0,
      );
      expect(acknowledged).toBeGreaterThan(STUDENTS * QUESTION_IDS.length);

      server = startServer(env);
      await waitForHealth();
      log('restarted');
      for (const [index, student] of students.entries()) {
        const res = await fetch(`${BASE}/api/attempts/${student.attemptId}`, { headers: student.headers });
        expect(res.status).toBe(200);
        const attempt = AttemptSchema.parse(await res.json());
        for (const questionId of QUESTION_IDS) {
          const acked = student.acked.get(questionId) ?? 0;
          const stored = attempt.answers[questionId];
          const where = `student ${index}, question ${questionId}`;
          if (acked === 0) continue;
          expect(stored, where).toBeDefined();
          // Never behind what was acknowledged; maybe ahead (committed, but the ack was lost in the crash).
          expect(stored!.revision, where).toBeGreaterThanOrEqual(acked);
          expect(stored!.answer, where).toEqual(student.sent.get(questionId)!.get(stored!.revision));
          student.next.set(questionId, Math.max(student.next.get(questionId)!, stored!.revision + 1));
        }
      }

      log('checked');
      // The students carry on after the restart and submit.
      for (const [index, student] of students.entries()) {
        for (const questionId of QUESTION_IDS) await autosave(student, index, questionId);
        const res = await fetch(`${BASE}/api/attempts/${student.attemptId}/submit`, {
          method: 'POST',
          headers: student.headers,
        });
        expect(res.status).toBe(200);
        const result = AttemptResultSchema.parse(await res.json());
        expect(result.markingStatus).toBe('pending');
        const essay = result.questions.find((q) => q.questionId === 'e1')!;
        expect(essay.answer).toEqual(student.sent.get('e1')!.get(student.next.get('e1')! - 1));
      }
      server.kill('SIGTERM');
      await stopped(server);
    },
  );
});
