import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AiChatEventSchemas,
  AiConversationListSchema,
  AiConversationSchema,
  AssessmentSchema,
  PLANS,
  QUESTION_EXAMPLES,
  exampleToQuestion,
  validateQuestion,
  type AiChatEvent,
  type AiChatEventName,
  type AiChatRequest,
} from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../../test-support/fake-openai.ts';
import { bearer, makeOrganization, makeUser, signInAs, tokenFor } from '../../test/sign-in.ts';
import { recordPlan } from '../plans/plans.service.ts';

const KEY = 'sk-assistant-test-key';
const SOURCE = {
  name: 'photosynthesis.pdf',
  text: 'Plants make their food by photosynthesis. Chlorophyll absorbs light energy. Oxygen is released as a by-product.',
};
const THREE_MCQ: AiChatRequest['questions'] = {
  types: [{ type: 'multiple-choice', count: 3 }],
  difficulty: 'Easy',
  bloomLevel: 'remember',
};

let fake: FakeOpenAi;
let t: TestApp;
let orgId: string;
let teacher: Awaited<ReturnType<typeof signInAs>>;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await buildTestApp({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'fake-chat' });
  orgId = (await makeOrganization(t.app, 'Assistant Academy')).id;
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

// A fresh teacher per test: the rate limit counts per person.
beforeEach(async () => {
  fake.reset();
  teacher = await signInAs(t.app, 'Teacher', orgId);
});

/** The events of an SSE body, each checked against its contract. */
function eventsOf(body: string): AiChatEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)![1] as AiChatEventName;
      const data = JSON.parse(/^data: (.+)$/m.exec(block)![1]!) as unknown;
      return { event, data: AiChatEventSchemas[event].parse(data) } as AiChatEvent;
    });
}
const named = <K extends AiChatEventName>(events: AiChatEvent[], name: K) =>
  events.filter((e) => e.event === name) as Extract<AiChatEvent, { event: K }>[];

const chat = (headers: Record<string, string>, body: AiChatRequest) =>
  t.app.inject({ method: 'POST', url: '/api/ai/chat', headers, payload: body });

const conversation = async (headers: Record<string, string>, id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/ai/conversations/${id}`, headers });
  expect(res.statusCode).toBe(200);
  return AiConversationSchema.parse(res.json());
};

describe('POST /api/ai/chat', () => {
  it('streams the answer: the conversation, the prose, each card with its passage, then the stored answer', async () => {
    const res = await chat(teacher.headers, {
      message: 'Three questions please',
      source: SOURCE,
      questions: THREE_MCQ,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = eventsOf(res.body);
    expect(events[0]!.event).toBe('conversation');
    expect(events.at(-1)!.event).toBe('done');
    const prose = named(events, 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(prose.trim()).toBe('Here are 3 questions based on your material.');
    const cards = named(events, 'card').map((e) => e.data);
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(validateQuestion(card.question)).toEqual([]);
      expect(card.question.type).toBe('multiple-choice');
      expect(SOURCE.text).toContain(card.passage);
    }
    expect(named(events, 'dropped')).toEqual([]);

    // The model got the key, the request and the source, delimited; the key never reached the client.
    const [request] = fake.requests;
    expect(request!.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.body.stream).toBe(true);
    const prompt = request!.body.messages!.map((m) => m.content).join('\n');
    expect(prompt).toContain('- 3 × "MCQ"');
    expect(prompt).toContain('Bloom level: remember');
    expect(prompt).toContain('Difficulty: Easy.');
    expect(prompt).toContain(SOURCE.text);
    expect(res.body).not.toContain(KEY);

    // Stored: the teacher's message (source by name and length) and the answer with its cards.
    const { conversation: summary } = named(events, 'conversation')[0]!.data;
    expect(summary.title).toBe('Three questions please');
    const stored = await conversation(teacher.headers, summary.id);
    expect(stored.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(stored.messages[0]!.source).toEqual({ name: SOURCE.name, characters: SOURCE.text.length });
    expect(stored.messages[0]!.request?.bloomLevel).toBe('remember');
    expect(stored.messages[1]!.cards).toEqual(cards);
    expect(JSON.stringify(stored)).not.toContain(SOURCE.text);
  });

  it('answers a plain message in prose and sends the conversation so far with the next one', async () => {
    const first = eventsOf((await chat(teacher.headers, { message: 'What is a good pass mark?' })).body);
    const id = named(first, 'conversation')[0]!.data.conversation.id;
    expect(named(first, 'done')[0]!.data.message.content).toContain('What is a good pass mark?');
    expect(named(first, 'card')).toEqual([]);

    // A follow-up asking for questions uses the source attached earlier in the conversation.
    await chat(teacher.headers, { conversationId: id, message: 'Source', source: SOURCE });
    const third = eventsOf(
      (await chat(teacher.headers, { conversationId: id, message: 'Now questions', questions: THREE_MCQ }))
        .body,
    );
    expect(named(third, 'card')).toHaveLength(3);
    const messages = fake.requests.at(-1)!.body.messages!;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(messages.at(-1)!.content).toContain(SOURCE.text);
    expect((await conversation(teacher.headers, id)).messages).toHaveLength(6);
  });

  it('drops a repeated question and an MCQ with two correct answers, saying why, in the stream and the stored answer', async () => {
    fake.script({ kind: 'flawed' });
    const events = eventsOf((await chat(teacher.headers, { source: SOURCE, questions: THREE_MCQ })).body);
    expect(named(events, 'card')).toHaveLength(3);
    const dropped = named(events, 'dropped').map((e) => e.data);
    expect(dropped).toEqual([
      { index: 4, reasons: ['Question 4 repeats question 1'] },
      { index: 5, reasons: ['Question 5 must have exactly one correct answer, not 2'] },
    ]);
    const done = named(events, 'done')[0]!.data.message;
    expect(done.dropped).toEqual(dropped);
    const stored = await conversation(
      teacher.headers,
      named(events, 'conversation')[0]!.data.conversation.id,
    );
    expect(stored.messages[1]!.dropped).toEqual(dropped);
    // Never repaired: no stored card is a multiple-answer question.
    expect(
      stored.messages[1]!.cards.every((c) => !(c.question.config as { multiple: boolean }).multiple),
    ).toBe(true);
  });

  it('says the model failed mid-stream and keeps what was received', async () => {
    // Far enough for the prose and the first question, not for the rest.
    fake.script({ kind: 'cut', afterChars: 700 });
    const res = await chat(teacher.headers, { source: SOURCE, questions: THREE_MCQ });
    expect(res.statusCode).toBe(200);
    const events = eventsOf(res.body);
    const error = named(events, 'error')[0]!.data;
    expect(error.code).toBe('ai_failed');
    expect(error.message).toBe('Failed to generate questions. Please try again.');
    expect(named(events, 'done')).toEqual([]);
    const received = named(events, 'card').length;
    expect(received).toBeGreaterThanOrEqual(1);
    expect(received).toBeLessThan(3);
    expect(error.kept?.status).toBe('failed');
    expect(error.kept?.cards).toHaveLength(received);

    const stored = await conversation(
      teacher.headers,
      named(events, 'conversation')[0]!.data.conversation.id,
    );
    const answer = stored.messages[1]!;
    expect(answer.status).toBe('failed');
    expect(answer.error?.code).toBe('ai_failed');
    expect(answer.content).toContain('Here are 3 questions');
    expect(answer.cards).toHaveLength(received);
  });

  it('says the mid-stream failure in the teacher’s language', async () => {
    const thai = await makeUser(t.app, 'Teacher', orgId, { language: 'th' });
    fake.script({ kind: 'cut', afterChars: 700 });
    const res = await chat(bearer(await tokenFor(t.app, thai)), { source: SOURCE, questions: THREE_MCQ });
    const error = named(eventsOf(res.body), 'error')[0]!.data;
    expect(error.code).toBe('ai_failed');
    expect(error.message).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('says so when the model answers with no usable question (docs/product/validation.md message)', async () => {
    fake.script({ kind: 'content', content: 'I would rather not.' });
    const events = eventsOf((await chat(teacher.headers, { source: SOURCE, questions: THREE_MCQ })).body);
    const done = named(events, 'done')[0]!.data.message;
    expect(done.cards).toEqual([]);
    expect(done.error).toEqual({
      code: 'ai_no_questions_array',
      message: 'Response must contain a questions array',
    });
  });

  it('never shows a broken answer as words: no JSON or code reaches the prose, streamed or stored', async () => {
    for (const [content, code, prose] of [
      // Questions begun without the marker and cut short: the words before them are kept.
      [
        'Sure, here they are.\n{"questions": [{"type": "MCQ", "question": "Which gas do plants',
        'ai_no_questions',
        'Sure, here they are.',
      ],
      // A code block whose JSON has no questions array: nothing of it is prose.
      ['```json\n{"questions": "none", "note": "raw model output"}\n```', 'ai_no_questions_array', ''],
    ] as const) {
      fake.script({ kind: 'content', content });
      const events = eventsOf((await chat(teacher.headers, { source: SOURCE, questions: THREE_MCQ })).body);
      const streamed = named(events, 'delta')
        .map((e) => e.data.text)
        .join('');
      expect(streamed.trim()).toBe(prose);
      const done = named(events, 'done')[0]!.data.message;
      expect(done.content).toBe(prose);
      expect(done.cards).toEqual([]);
      expect(done.error?.code).toBe(code);
      const stored = await conversation(
        teacher.headers,
        named(events, 'conversation')[0]!.data.conversation.id,
      );
      expect(stored.messages[1]!.content).toBe(prose);
      expect(JSON.stringify(stored.messages[1])).not.toContain('raw model output');
    }
  });

  it("tells the model that the form's count wins over a number in the teacher's words", async () => {
    const res = await chat(teacher.headers, {
      message: 'Write 10 questions',
      source: SOURCE,
      questions: THREE_MCQ,
    });
    expect(res.statusCode).toBe(200);
    const prompt = fake.requests.at(-1)!.body.messages!.at(-1)!.content;
    expect(prompt).toContain('Write 10 questions');
    expect(prompt).toContain('Write 3 questions from the source material.');
    expect(prompt).toContain('write 3 anyway');
    expect(named(eventsOf(res.body), 'card')).toHaveLength(3);
  });

  it('says in the public configuration that a model is configured (never the key)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.json().aiConfigured).toBe(true);
    expect(res.body).not.toContain(KEY);
  });

  it('stops the upstream request when the client goes away (the stop button), keeping what arrived', async () => {
    fake.setChunkDelay(40);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const res = await fetch(`${address}/api/ai/chat`, {
      method: 'POST',
      headers: { ...teacher.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ source: SOURCE, questions: THREE_MCQ }),
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('event: delta')) text += new TextDecoder().decode((await reader.read()).value);
    const id = /"conversation":\{"id":"([^"]+)"/.exec(text)![1]!;
    abort.abort();

    // The API closes its request to the model and stores the answer as stopped.
    await expect.poll(() => fake.abortedStreams, { timeout: 15_000 }).toBe(1);
    await expect
      .poll(async () => (await conversation(teacher.headers, id)).messages[1]?.status, { timeout: 15_000 })
      .toBe('stopped');
  });

  it('refuses types outside the plan before anything is stored (plan gate, as generation)', async () => {
    const freeOrg = await makeOrganization(t.app, 'Free School');
    const freeTeacher = await signInAs(t.app, 'Teacher', freeOrg.id);
    const res = await chat(freeTeacher.headers, {
      source: SOURCE,
      questions: { types: [{ type: 'essay', count: 1 }] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'type_not_in_plan', details: { types: ['essay'] } });
    expect(fake.requests).toHaveLength(0);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/ai/conversations',
      headers: freeTeacher.headers,
    });
    expect(AiConversationListSchema.parse(list.json()).conversations).toEqual([]);

    await recordPlan(t.app.db, freeOrg.id, PLANS.Professional);
    const allowed = await chat(freeTeacher.headers, {
      source: SOURCE,
      questions: { types: [{ type: 'essay', count: 1 }] },
    });
    expect(named(eventsOf(allowed.body), 'card')).toHaveLength(1);
  });

  it('refuses a conversation that is not the caller’s own (404, nothing stored in it)', async () => {
    const mine = eventsOf((await chat(teacher.headers, { message: 'Mine' })).body);
    const id = named(mine, 'conversation')[0]!.data.conversation.id;
    const colleague = await signInAs(t.app, 'Teacher', orgId);
    const res = await chat(colleague.headers, { conversationId: id, message: 'Let me in' });
    expect(res.statusCode).toBe(404);
    expect((await conversation(teacher.headers, id)).messages).toHaveLength(2);
  });

  it('rejects an empty message that asks for nothing', async () => {
    const res = await chat(teacher.headers, { message: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
  });
});

describe('conversations', () => {
  it('lists, renames and deletes the caller’s own only', async () => {
    const colleague = await signInAs(t.app, 'Teacher', orgId);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/ai/conversations',
      headers: teacher.headers,
      payload: {},
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json().title).toBe('New conversation');
    await chat(colleague.headers, { message: 'Theirs' });

    const list = async (headers: Record<string, string>) =>
      AiConversationListSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/ai/conversations', headers })).json(),
      ).conversations.map((c) => c.title);
    expect(await list(teacher.headers)).toEqual(['New conversation']);
    expect(await list(colleague.headers)).toEqual(['Theirs']);

    const rename = (headers: Record<string, string>, title: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/ai/conversations/${id}`, headers, payload: { title } });
    expect((await rename(colleague.headers, 'Taken')).statusCode).toBe(404);
    expect((await rename(teacher.headers, '  ')).statusCode).toBe(400);
    expect((await rename(teacher.headers, 'Photosynthesis quiz')).json().title).toBe('Photosynthesis quiz');
    expect(await list(teacher.headers)).toEqual(['Photosynthesis quiz']);

    const remove = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/ai/conversations/${id}`, headers });
    expect((await remove(colleague.headers)).statusCode).toBe(404);
    expect((await remove(teacher.headers)).statusCode).toBe(204);
    expect(await list(teacher.headers)).toEqual([]);
    expect((await remove(teacher.headers)).statusCode).toBe(404);
  });

  it('is closed to Students (403) and open to Administrators', async () => {
    const student = await signInAs(t.app, 'Student', orgId);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ai/conversations', headers: student.headers }))
        .statusCode,
    ).toBe(403);
    expect((await chat(student.headers, { message: 'Hi' })).statusCode).toBe(403);
    const administrator = await signInAs(t.app, 'Administrator', orgId);
    expect((await chat(administrator.headers, { message: 'Hi' })).statusCode).toBe(200);
  });
});

describe('POST /api/ai/assessment-drafts', () => {
  const cards = () => [
    exampleToQuestion(QUESTION_EXAMPLES['multiple-choice'], 'card-1'),
    exampleToQuestion(QUESTION_EXAMPLES['true-false'], 'card-2'),
  ];
  const add = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/ai/assessment-drafts', headers, payload });
  const assessment = async (id: string) =>
    AssessmentSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/assessments/${id}`, headers: teacher.headers })).json(),
    );

  it('makes a new draft with the chosen (edited) cards', async () => {
    const [mcq, tf] = cards();
    const edited = { ...mcq!, text: 'Which gas do plants take in? (edited)' };
    const res = await add(teacher.headers, {
      target: 'new',
      title: 'Photosynthesis check',
      subject: 'Biology',
      difficulty: 'Easy',
      questions: [edited, tf],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ title: 'Photosynthesis check', added: 2, questionCount: 2 });
    const saved = await assessment(body.assessmentId);
    expect(saved).toMatchObject({ status: 'draft', generationType: 'ai', subject: 'Biology', totalMarks: 4 });
    expect(saved.questions.map((q) => q.text)).toEqual(['Which gas do plants take in? (edited)', tf!.text]);
  });

  it('adds to an existing draft through the assessments update, and refuses a published one', async () => {
    const first = (
      await add(teacher.headers, { target: 'new', title: 'Draft', subject: 'Biology', questions: cards() })
    ).json();
    const again = await add(teacher.headers, {
      target: 'existing',
      assessmentId: first.assessmentId,
      questions: cards(),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ added: 2, questionCount: 4 });
    const saved = await assessment(first.assessmentId);
    expect(new Set(saved.questions.map((q) => q.id)).size).toBe(4);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/assessments/${first.assessmentId}`,
      headers: teacher.headers,
      payload: {
        title: saved.title,
        subject: saved.subject,
        difficulty: saved.difficulty,
        generationType: saved.generationType,
        passMark: saved.passMark,
        status: 'published',
        questions: saved.questions,
      },
    });
    expect(put.statusCode).toBe(200);
    const refused = await add(teacher.headers, {
      target: 'existing',
      assessmentId: first.assessmentId,
      questions: cards(),
    });
    expect(refused.statusCode).toBe(409);
    expect((await assessment(first.assessmentId)).questions).toHaveLength(4);
  });

  it('applies the assessment’s own checks (title, subject, question validity) and saves nothing on failure', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/assessments', headers: teacher.headers })
    ).json().total;
    const noTitle = await add(teacher.headers, {
      target: 'new',
      title: ' ',
      subject: 'Biology',
      questions: cards(),
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().details).toEqual([
      { path: ['title'], message: 'assessments.errors.titleRequired' },
    ]);
    const [mcq] = cards();
    const broken = { ...mcq!, config: { ...(mcq!.config as object), correct: [] } };
    expect(
      (await add(teacher.headers, { target: 'new', title: 'T', subject: 'S', questions: [broken] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/assessments', headers: teacher.headers })).json().total,
    ).toBe(before);
  });

  it('never reaches another organization’s draft (404, as a missing one)', async () => {
    const otherOrg = await makeOrganization(t.app, 'Elsewhere');
    const otherTeacher = await signInAs(t.app, 'Teacher', otherOrg.id);
    const theirs = (
      await add(otherTeacher.headers, { target: 'new', title: 'Theirs', subject: 'X', questions: cards() })
    ).json();
    const res = await add(teacher.headers, {
      target: 'existing',
      assessmentId: theirs.assessmentId,
      questions: cards(),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('without a key', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp();
  });
  afterAll(() => bare.close());

  it('answers 503 ai_key_missing with docs/product/messages.md’s message, in the caller’s language, before any stream', async () => {
    const org = await makeOrganization(bare.app);
    const user = await makeUser(bare.app, 'Teacher', org.id);
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: bearer(await tokenFor(bare.app, user)),
      payload: { message: 'Hello' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'ai_key_missing', message: 'OpenAI API key is missing.' });

    const thai = await makeUser(bare.app, 'Teacher', org.id, { language: 'th' });
    const translated = await bare.app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: bearer(await tokenFor(bare.app, thai)),
      payload: { message: 'Hello' },
    });
    expect(translated.json().code).toBe('ai_key_missing');
    expect(translated.json().message).not.toBe('OpenAI API key is missing.');
    expect(translated.json().message).toMatch(/[\u0E00-\u0E7F]/);
    // The screens know before anyone types: the public configuration says no model is set up.
    expect((await bare.app.inject({ method: 'GET', url: '/api/auth/config' })).json().aiConfigured).toBe(
      false,
    );
  });

  it('keeps the generation’s rate limit: the 11th turn in a minute is 429', async () => {
    const org = await makeOrganization(bare.app);
    const user = await makeUser(bare.app, 'Teacher', org.id);
    const headers = bearer(await tokenFor(bare.app, user));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await bare.app.inject({ method: 'POST', url: '/api/ai/chat', headers, payload: { message: 'Hi' } }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 503)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
