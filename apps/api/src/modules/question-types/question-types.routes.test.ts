import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QUESTION_TYPES,
  QuestionExamplesResponseSchema,
  QuestionSchema,
  QuestionTypesResponseSchema,
  exampleAsJson5Text,
  exampleToQuestion,
  parseQuestionExample,
  typesOfTier,
  type Role,
} from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';

describe('question types API', () => {
  let t: TestApp;
  let orgId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    orgId = (await makeOrganization(t.app)).id;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('GET /api/question-types', () => {
    it('answers 401 without a token', async () => {
      const res = await get('/api/question-types');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: expect.any(String) });
    });

    it.each(['Student', 'Teacher', 'Administrator', 'Super Administrator'] as Role[])(
      'lists every type for a %s',
      async (role) => {
        const { headers } = await signInAs(t.app, role, role === 'Super Administrator' ? null : orgId);
        const res = await get('/api/question-types', headers);
        expect(res.statusCode).toBe(200);
        const { types } = QuestionTypesResponseSchema.parse(res.json());
        expect(types).toHaveLength(QUESTION_TYPES.length);
        expect(types.map((type) => type.id)).toEqual(QUESTION_TYPES.map((type) => type.id));
      },
    );

    it('gives each type its family, tier, response kind and instructions; tiers hold 5, 10 and all', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const { types } = QuestionTypesResponseSchema.parse((await get('/api/question-types', headers)).json());
      const upTo = (tiers: string[]) =>
        types.filter((type) => tiers.includes(type.tier)).map((type) => type.id);
      expect(upTo(['basic'])).toEqual(typesOfTier('basic'));
      expect(upTo(['basic'])).toHaveLength(5);
      expect(upTo(['basic', 'professional'])).toHaveLength(10);
      expect(upTo(['basic', 'professional', 'enterprise'])).toHaveLength(QUESTION_TYPES.length);

      const byId = Object.fromEntries(types.map((type) => [type.id, type]));
      expect(byId['multiple-choice']).toEqual({
        id: 'multiple-choice',
        name: 'MCQ',
        family: 'choice',
        tier: 'basic',
        responseKind: null,
        withImage: false,
        instructions: 'Choose the one correct answer.',
      });
      expect(byId['image-based']).toMatchObject({ family: 'choice', withImage: true, tier: 'professional' });
      expect(byId.coding).toMatchObject({ family: 'open', responseKind: 'code', tier: 'enterprise' });
      expect(byId['drag-and-drop']).toMatchObject({ name: 'Drag & Drop', family: 'dragDrop' });
      for (const type of types) expect(type.instructions.trim()).not.toBe('');
      // Plans are a later issue: no plan-dependent flag yet.
      expect(types[0]).not.toHaveProperty('allowed');
    });
  });

  describe('GET /api/question-types/examples', () => {
    it('answers 401 without a token', async () => {
      expect((await get('/api/question-types/examples')).statusCode).toBe(401);
    });

    it('gives one example per type that is a valid question of that type', async () => {
      const { headers } = await signInAs(t.app, 'Student', orgId);
      const res = await get('/api/question-types/examples', headers);
      expect(res.statusCode).toBe(200);
      const { examples } = QuestionExamplesResponseSchema.parse(res.json());
      expect(examples.map((entry) => entry.typeId)).toEqual(QUESTION_TYPES.map((type) => type.id));
      for (const { typeId, example } of examples) {
        expect(example.type).toBe(QUESTION_TYPES.find((type) => type.id === typeId)!.name);
        expect(example.score).toBeGreaterThanOrEqual(2);
        expect(example.score).toBeLessThanOrEqual(40);
        expect(example.maxWords === undefined).toBe(typeId !== 'short-answers');
        expect(parseQuestionExample(exampleAsJson5Text(example))).toEqual({ ok: true, value: example });
        const question = exampleToQuestion(example);
        expect(question.type).toBe(typeId);
        expect(QuestionSchema.safeParse(question).success, typeId).toBe(true);
      }
    });
  });

  it('is described in the OpenAPI document', async () => {
    const spec = (await get('/api/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(spec.paths).toHaveProperty('/api/question-types');
    expect(spec.paths).toHaveProperty('/api/question-types/examples');
    // Every schema is inline: the document publishes no components a $ref could point at.
    expect(JSON.stringify(spec.paths['/api/question-types/examples'])).not.toContain('$ref');
  });
});
