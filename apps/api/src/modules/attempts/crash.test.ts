import { randomUUID } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AttemptResultSchema, AttemptSchema, type Question } from '@vbuilder/shared';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import {
  freshDatabaseUrl,
  serverEnv,
  startServer,
  stopped,
  WAIT_MS,
  type Cleanup,
} from '../../test/server-process.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { insertAssessment, questionOf } from './test-fixtures.ts';

/**
 * The crash test: no acknowledged answer may be lost when the server dies. A real
 * server process is killed (SIGKILL, no shutdown) while simulated students autosave; after a
 * restart every question must hold at least the highest revision the server acknowledged, with
 * the answer sent with that revision. Then the students carry on and submit.
 * PGlite in a temporary DATA_DIR; PostgreSQL (a fresh database) when TEST_DATABASE_URL is set.
 * Nothing waits a fixed time: each server listens on a port the system picks (PORT=0) and says
 * which in its log; the kill comes once every answer has been acknowledged a few times. Each
 * wait has a generous limit, so a busy machine is slow, not failing.
 */

/** Tokens name this origin (issuer, audience); the servers are reached on whatever port they get. */
const PUBLIC_URL = 'http://crash-test.invalid';
const STUDENTS = 4;
/** Acknowledged saves of every answer before the kill: the crash lands in the middle of the traffic. */
const ACKS_BEFORE_KILL = 3;
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

const cleanups: Cleanup[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

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

const answerFor = (studentIndex: number, questionId: string, revision: number) =>
  questionId.startsWith('e')
    ? { text: `<p>Student ${studentIndex}, draft ${revision}</p>` }
    : `answer ${studentIndex}-${questionId}-${revision}`;

/** Told of every acknowledged save, so the test waits on the acknowledgements themselves. */
const acknowledgements = new EventEmitter();

/** Resolves once every answer of every student was acknowledged at revision `count` or later. */
async function allAcknowledged(students: Student[], count: number): Promise<void> {
  const reached = () => students.every((s) => QUESTION_IDS.every((q) => (s.acked.get(q) ?? 0) >= count));
  const signal = AbortSignal.timeout(WAIT_MS);
  try {
    while (!reached()) await once(acknowledgements, 'ack', { signal });
  } catch (error) {
    if (!signal.aborted) throw error;
    throw new Error(`Not every answer was acknowledged ${count} times within ${WAIT_MS} ms`);
  }
}

/** One autosave; records the acknowledged revision. Network errors (the crash) are not acknowledgements. */
async function autosave(base: string, student: Student, index: number, questionId: string): Promise<void> {
  const revision = student.next.get(questionId)!;
  student.next.set(questionId, revision + 1);
  const answer = answerFor(index, questionId, revision);
  student.sent.get(questionId)!.set(revision, answer);
  const res = await fetch(`${base}/api/attempts/${student.attemptId}/answers/${questionId}`, {
    method: 'PUT',
    headers: { ...student.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ answer, revision, idempotencyKey: randomUUID() }),
  });
  if (res.status !== 200) throw new Error(`save answered ${res.status}: ${await res.text()}`);
  const ack = (await res.json()) as { revision: number; stale: boolean };
  if (!ack.stale) student.acked.set(questionId, Math.max(student.acked.get(questionId) ?? 0, ack.revision));
  acknowledgements.emit('ack');
}

/** Each student saves its questions round and round, several requests in flight, until `stop()`. */
function autosaveContinuously(base: string, students: Student[]) {
  let running = true;
  const loops = students.flatMap((student, index) =>
    QUESTION_IDS.map(async (questionId) => {
      while (running) {
        try {
          await autosave(base, student, index, questionId);
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
    { timeout: 5 * WAIT_MS },
    async () => {
      log('begin');
      const dataDir = await mkdtemp(path.join(tmpdir(), 'vb-crash-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const databaseUrl = await freshDatabaseUrl('vb_crash', cleanups);
      const env = serverEnv({ publicUrl: PUBLIC_URL, dataDir, databaseUrl });
      const students = await prepare(env);
      log('prepared');

      let server = await startServer(env, 'crash-test server');
      cleanups.push(async () => {
        server.child.kill('SIGKILL');
      });
      log(`server up at ${server.base}`);
      const saving = autosaveContinuously(server.base, students);
      // Let acknowledgements pile up, then kill the server in the middle of the traffic.
      await allAcknowledged(students, ACKS_BEFORE_KILL);
      server.child.kill('SIGKILL');
      await stopped(server.child);
      await saving.stop();
      log('killed');

      const acknowledged = students.reduce(
        (sum, s) => sum + [...s.acked.values()].reduce((a, b) => a + b, 0),
        0,
      );
      expect(acknowledged).toBeGreaterThan(STUDENTS * QUESTION_IDS.length);

      server = await startServer(env, 'crash-test server');
      log(`restarted at ${server.base}`);
      for (const [index, student] of students.entries()) {
        const res = await fetch(`${server.base}/api/attempts/${student.attemptId}`, {
          headers: student.headers,
        });
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
        for (const questionId of QUESTION_IDS) await autosave(server.base, student, index, questionId);
        const res = await fetch(`${server.base}/api/attempts/${student.attemptId}/submit`, {
          method: 'POST',
          headers: student.headers,
        });
        expect(res.status).toBe(200);
        const result = AttemptResultSchema.parse(await res.json());
        expect(result.markingStatus).toBe('pending');
        const essay = result.questions.find((q) => q.questionId === 'e1')!;
        expect(essay.answer).toEqual(student.sent.get('e1')!.get(student.next.get('e1')! - 1));
      }
      server.child.kill('SIGTERM');
      await stopped(server.child);
    },
  );
});
