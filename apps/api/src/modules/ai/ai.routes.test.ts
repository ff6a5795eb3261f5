import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AiGenerateResponseSchema,
  PLANS,
  QUESTION_EXAMPLES,
  validateQuestion,
  type Role,
} from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../../test-support/fake-openai.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { recordPlan } from '../plans/plans.service.ts';

const KEY = 'sk-test-secret-key-never-logged';

let fake: FakeOpenAi;
let t: TestApp;
const logLines: string[] = [];
let teacher: Awaited<ReturnType<typeof signInAs>>;
let orgId: string;

const generation = (overrides: Record<string, unknown> = {}) => ({
  title: 'Plants and light',
  subject: 'Biology',
  difficulty: 'Easy',
  language: 'en',
  types: [
    { type: 'multiple-choice', count: 2 },
    { type: 'true-false', count: 1 },
  ],
  ...overrides,
});

const generate = (headers: Record<string, string>, body: unknown = generation()) =>
  t.app.inject({ method: 'POST', url: '/api/ai/questions', headers, payload: body as object });

beforeAll(async () => {
  fake = await startFakeOpenAi();
  // A logger that writes somewhere we can read, to prove the key never reaches a log line.
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp(
    { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'fake-model-1' },
    { logger: { level: 'trace', stream } },
  );
  orgId = (await makeOrganization(t.app)).id;
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

// A fresh teacher per test: the rate limit counts per person, and the tests together exceed it.
beforeEach(async () => {
  fake.reset();
  teacher = await signInAs(t.app, 'Teacher', orgId);
});

describe('POST /api/ai/questions', () => {
  it('generates valid questions of the requested types and counts, nothing saved, ids fresh', async () => {
    const res = await generate(teacher.headers);
    expect(res.statusCode).toBe(200);
    const body = AiGenerateResponseSchema.parse(res.json());
    expect(body.rejected).toEqual([]);
    expect(body.questions.map((q) => q.type)).toEqual(['multiple-choice', 'multiple-choice', 'true-false']);
    for (const q of body.questions) expect(validateQuestion(q)).toEqual([]);
    expect(new Set(body.questions.map((q) => q.id)).size).toBe(3);
  });

  it('sends the model the configured model, the key, JSON mode and a prompt with templates, counts and source', async () => {
    await generate(teacher.headers, generation({ sourceText: 'Photosynthesis happens in chloroplasts.' }));
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.body.model).toBe('fake-model-1');
    expect(request!.body.response_format).toEqual({ type: 'json_object' });
    const [system, user] = request!.body.messages!;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('{"questions"');
    expect(user!.content).toContain('- 2 × "MCQ"');
    expect(user!.content).toContain('- 1 × "True/False"');
    expect(user!.content).toContain('"Plants and light"');
    expect(user!.content).toContain('Subject: Biology.');
    expect(user!.content).toContain('Difficulty: Easy.');
    expect(user!.content).toContain('English (en)');
    expect(user!.content).toContain(JSON.stringify(QUESTION_EXAMPLES['multiple-choice']));
    expect(user!.content).toMatch(/Use only this material[\s\S]*Photosynthesis happens in chloroplasts\./);
  });

  it('never writes the key to a log line', async () => {
    fake.script({ kind: 'http', status: 401 });
    await generate(teacher.headers);
    await generate(teacher.headers);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(KEY);
  });

  const failures: {
    name: string;
    replies: Parameters<FakeOpenAi['script']>;
    status: number;
    code: string;
    message: string;
  }[] = [
    {
      name: 'an empty answer',
      replies: [{ kind: 'content', content: '' }],
      status: 502,
      code: 'ai_empty_response',
      message: 'Empty response',
    },
    {
      name: 'a message without content',
      replies: [{ kind: 'content', content: null }],
      status: 502,
      code: 'ai_empty_response',
      message: 'Empty response',
    },
    {
      name: 'prose only',
      replies: [{ kind: 'content', content: 'I would rather not.' }],
      status: 502,
      code: 'ai_no_json',
      message: 'No valid JSON found',
    },
    {
      name: 'truncated JSON',
      replies: [{ kind: 'content', content: '{"questions": [{"question": "Wh' }],
      status: 502,
      code: 'ai_no_json',
      message: 'No valid JSON found',
    },
    {
      name: 'broken JSON',
      replies: [{ kind: 'content', content: '{"questions": [{"question": ]}' }],
      status: 502,
      code: 'ai_parse_failed',
      message: 'Failed to parse JSON',
    },
    {
      name: 'no questions array',
      replies: [{ kind: 'content', content: '{"quiz": []}' }],
      status: 502,
      code: 'ai_no_questions_array',
      message: 'Response must contain a questions array',
    },
    {
      name: 'an empty questions array',
      replies: [{ kind: 'content', content: '{"questions": []}' }],
      status: 422,
      code: 'ai_no_questions',
      message: 'No questions were generated',
    },
    {
      name: 'an HTTP 500, twice (one retry)',
      replies: [
        { kind: 'http', status: 500 },
        { kind: 'http', status: 500 },
      ],
      status: 502,
      code: 'ai_failed',
      message: 'Failed to generate questions. Please try again.',
    },
    {
      name: 'a refused key (401)',
      replies: [{ kind: 'http', status: 401 }],
      status: 502,
      code: 'ai_failed',
      message: 'Failed to generate questions. Please try again.',
    },
  ];
  it.each(failures)('answers $status $code for $name', async ({ replies, status, code, message }) => {
    fake.script(...replies);
    const res = await generate(teacher.headers);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, message });
  });

  it('retries a 500 once and then succeeds', async () => {
    fake.script({ kind: 'http', status: 500 });
    const res = await generate(teacher.headers);
    expect(res.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(2);
  });

  it('lists the items it could not use beside the good ones', async () => {
    const good = QUESTION_EXAMPLES['multiple-choice'];
    fake.script({
      kind: 'content',
      content: `\`\`\`json\n${JSON.stringify({
        questions: [
          good,
          { ...good, score: undefined },
          'text',
          { ...good, question: '' },
          { ...good, answer: 'Neon' },
        ],
      })}\n\`\`\``,
    });
    const res = await generate(teacher.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().questions).toHaveLength(1);
    expect(res.json().rejected).toEqual([
      { index: 2, reasons: ['Question 2 missing score field'] },
      { index: 3, reasons: ['Invalid question format'] },
      { index: 4, reasons: ['Question 4 missing question field'] },
      {
        index: 5,
        reasons: ['Question 5 does not fit its type: The answer "Neon" is not one of the options'],
      },
    ]);
  });

  it('answers 422 ai_no_questions with the rejected items when none is usable', async () => {
    fake.script({ kind: 'content', content: JSON.stringify({ questions: [{ question: 'Why?' }, 42] }) });
    const res = await generate(teacher.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'ai_no_questions',
      details: {
        rejected: [
          { index: 1, reasons: ['Question 1 missing score field'] },
          { index: 2, reasons: ['Invalid question format'] },
        ],
      },
    });
  });

  it('refuses types outside the plan with 403 type_not_in_plan, before calling the model', async () => {
    const res = await generate(teacher.headers, generation({ types: [{ type: 'essay', count: 1 }] }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'type_not_in_plan', details: { types: ['essay'] } });
    expect(fake.requests).toHaveLength(0);
  });

  it('allows the types of a better plan once the organization has it', async () => {
    const org = await makeOrganization(t.app);
    await recordPlan(t.app.db, org.id, PLANS.Professional);
    const { headers } = await signInAs(t.app, 'Administrator', org.id);
    const res = await generate(headers, generation({ types: [{ type: 'essay', count: 1 }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().questions[0].type).toBe('essay');
  });

  it('checks the request as docs/product/validation.md says, with its messages as keys', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, 'assessments.ai.titleRequired'],
      [{ types: [] }, 'assessments.ai.typesRequired'],
      [{ types: [{ type: 'true-false', count: 0 }] }, 'assessments.ai.countRequired'],
      [
        {
          types: [
            { type: 'true-false', count: 30 },
            { type: 'multiple-choice', count: 30 },
          ],
        },
        'assessments.ai.tooManyQuestions',
      ],
    ];
    for (const [overrides, message] of cases) {
      const res = await generate(teacher.headers, generation(overrides));
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json().details)).toContain(message);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it.each<[Role, number]>([
    ['Administrator', 200],
    ['user', 200],
    ['Teacher', 200],
    ['Student', 403],
    ['Super Administrator', 403],
  ])('%s → %i', async (role, status) => {
    const org = await makeOrganization(t.app);
    const { headers } = await signInAs(t.app, role, role === 'Super Administrator' ? null : org.id);
    expect((await generate(headers)).statusCode).toBe(status);
  });

  it('needs a signed-in user', async () => {
    expect((await generate({})).statusCode).toBe(401);
  });

  it('limits each person to 10 generations a minute', async () => {
    const someone = await signInAs(t.app, 'Teacher', orgId);
    for (let i = 0; i < 10; i += 1) expect((await generate(someone.headers)).statusCode).toBe(200);
    const refused = await generate(someone.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    // Another person is not affected.
    const other = await signInAs(t.app, 'Teacher', orgId);
    expect((await generate(other.headers)).statusCode).toBe(200);
  });
});

describe('POST /api/ai/questions without a key', () => {
  it('answers 503 ai_key_missing', async () => {
    const keyless = await buildTestApp();
    try {
      const { headers } = await signInAs(keyless.app, 'Teacher', (await makeOrganization(keyless.app)).id);
      const res = await keyless.app.inject({
        method: 'POST',
        url: '/api/ai/questions',
        headers,
        payload: generation(),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'ai_key_missing', message: 'OpenAI API key is missing.' });
    } finally {
      await keyless.close();
    }
  });
});
