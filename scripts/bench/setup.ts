import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { exampleToQuestion, QUESTION_EXAMPLES, QuestionSchema, type Question } from '@vbuilder/shared';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { attemptAnswers, organizations, users, type UserRow } from '../../apps/api/src/db/schema/index.ts';
import { loadIdentitySecrets, publicJwks } from '../../apps/api/src/identity/keys.ts';
import { apiAudience, embeddedIssuer } from '../../apps/api/src/identity/tokens.ts';
import { hashPassword } from '../../apps/api/src/lib/passwords.ts';
import { insertAssessment } from '../../apps/api/src/modules/attempts/test-fixtures.ts';
import { tokenFor } from '../../apps/api/src/test/sign-in.ts';

/**
 * The bench's own data, written before the server under test starts (the embedded database is
 * locked by the process that opens it): one organization, its teacher, pools of students, an exam
 * of 40 questions (every type's example in turn, about the size of a real paper) and, on
 * PostgreSQL, an assessment with `exportStudents` submitted attempts to export. Students get
 * access tokens minted with the provider's own key, as the test helpers do; the sign-in pool gets
 * a real password instead, for the sign-in burst.
 */

export const QUESTION_COUNT = 40;
export const SIGN_IN_PASSWORD = 'Bench-Sign-In-Pass-1';

export interface BenchSizes {
  /** Students with an attempt in progress, one per autosave connection. */
  autosave: number;
  /** Students starting the exam at once (then submitting it). */
  starters: number;
  /** Students signing in at once, with real passwords. */
  signers: number;
  /** Submitted attempts in the export assessment (0: none). */
  exportStudents: number;
}

export interface Student {
  id: string;
  token: string;
}

export interface BenchData {
  publicUrl: string;
  examId: string;
  exportId: string | null;
  teacherToken: string;
  autosave: Array<Student & { attemptId: string }>;
  starters: Student[];
  signers: Array<{ email: string; password: string }>;
  /** The question autosave writes to, and an answer that fits it. */
  savedQuestion: { id: string; answer: unknown };
  /** What the baseline needs to verify the same tokens. */
  verify: { jwks: ReturnType<typeof publicJwks>; issuer: string; audience: string };
}

/** 40 questions: the example of each type in turn. */
export function examQuestions(): Question[] {
  const types = Object.keys(QUESTION_EXAMPLES) as Array<keyof typeof QUESTION_EXAMPLES>;
  return Array.from({ length: QUESTION_COUNT }, (_, i) =>
    QuestionSchema.parse(exampleToQuestion(QUESTION_EXAMPLES[types[i % types.length]!], `q${i + 1}`)),
  );
}

/** A fresh PostgreSQL database for one run (dropped first if an earlier run left it). */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function seedBench(
  env: Record<string, string>,
  sizes: BenchSizes,
  log: (line: string) => void,
): Promise<BenchData> {
  const config = loadConfig({ ...process.env, ...env, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  const app = await buildApp(config);
  try {
    const [org] = await app.db
      .insert(organizations)
      .values({ name: 'Bench High School', type: 'school', email: 'office@bench-high.test' })
      .returning();
    // One hash for every password: hashing each would make the setup, not the bench, take minutes.
    const passwordHash = await hashPassword(SIGN_IN_PASSWORD);
    const makeUsers = async (role: string, count: number, prefix: string): Promise<UserRow[]> => {
      const rows: UserRow[] = [];
      for (let from = 0; from < count; from += 500) {
        const batch = Array.from({ length: Math.min(500, count - from) }, (_, i) => ({
          organizationId: org!.id,
          email: `${prefix}${from + i + 1}@bench-high.test`,
          name: `${role} ${prefix}${from + i + 1}`,
          role,
          status: 'active',
          passwordHash,
        }));
        rows.push(...(await app.db.insert(users).values(batch).returning()));
      }
      return rows;
    };
    const [teacher] = await makeUsers('Teacher', 1, 'teacher');
    const autosaveStudents = await makeUsers('Student', sizes.autosave, 'autosave');
    const starterStudents = await makeUsers('Student', sizes.starters, 'starter');
    const signerStudents = await makeUsers('Student', sizes.signers, 'signer');
    const exportStudents = await makeUsers('Student', sizes.exportStudents, 'export');
    log(
      `seeded ${autosaveStudents.length + starterStudents.length + signerStudents.length + exportStudents.length} students`,
    );

    const questions = examQuestions();
    const exam = await insertAssessment(app.db, {
      organizationId: org!.id,
      createdBy: teacher!.id,
      questions,
      durationMinutes: 600,
      assignees: [...autosaveStudents, ...starterStudents].map((s) => s.id),
    });
    const tokens = async (rows: UserRow[]) =>
      Promise.all(rows.map(async (row) => ({ id: row.id, token: await tokenFor(app, row, 4 * 3600) })));

    const request = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => {
      const res = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as Record<string, unknown>;
    };
    const start = async (assessmentId: string, token: string) =>
      (await request('POST', `/api/assessments/${assessmentId}/attempts`, token)) as { id: string };

    const autosave = [];
    for (const student of await tokens(autosaveStudents)) {
      autosave.push({ ...student, attemptId: (await start(exam.id, student.token)).id });
    }
    const savedQuestion = { id: 'q1', answer: ['a'] };
    if (autosave[0]) {
      await request('PUT', `/api/attempts/${autosave[0].attemptId}/answers/q1`, autosave[0].token, {
        answer: savedQuestion.answer,
        revision: 1,
        idempotencyKey: randomUUID(),
      });
    }
    log(`started ${autosave.length} attempts for autosave`);

    let exportId: string | null = null;
    if (exportStudents.length) {
      const exported = await insertAssessment(app.db, {
        organizationId: org!.id,
        createdBy: teacher!.id,
        questions,
        assignees: exportStudents.map((s) => s.id),
      });
      exportId = exported.id;
      const now = new Date();
      for (const student of await tokens(exportStudents)) {
        const attempt = await start(exported.id, student.token);
        // Every question answered (the example's own answer where it has one), then submitted.
        await app.db.insert(attemptAnswers).values(
          questions.map((q, i) => ({
            attemptId: attempt.id,
            questionId: q.id,
            answer: q.type === 'multiple-choice' ? ['a'] : null,
            revision: 1,
            idempotencyKey: randomUUID(),
            savedAt: new Date(now.getTime() + i),
          })),
        );
        await request('POST', `/api/attempts/${attempt.id}/submit`, student.token, {});
      }
      log(`submitted ${exportStudents.length} attempts of ${QUESTION_COUNT} questions to export`);
    }

    const secrets = await loadIdentitySecrets(app.db);
    return {
      publicUrl: config.PUBLIC_URL!,
      examId: exam.id,
      exportId,
      teacherToken: (await tokens([teacher!]))[0]!.token,
      autosave,
      starters: await tokens(starterStudents),
      signers: signerStudents.map((s) => ({ email: s.email, password: SIGN_IN_PASSWORD })),
      savedQuestion,
      verify: { jwks: publicJwks(secrets), issuer: embeddedIssuer(config), audience: apiAudience(config) },
    };
  } finally {
    await app.close();
  }
}
