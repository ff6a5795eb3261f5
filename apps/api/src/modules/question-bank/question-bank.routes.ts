import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddToAssessmentSchema,
  AssessmentSchema,
  BankAuthorListSchema,
  BankCategoryInputSchema,
  BankCategoryListSchema,
  BankCategorySchema,
  BankCategoryUpdateSchema,
  BankQuestionInputSchema,
  BankQuestionLinksSchema,
  BankQuestionListQuerySchema,
  BankQuestionListSchema,
  BankQuestionSchema,
  BankTagListSchema,
  DrawPoolQuerySchema,
  DrawPoolSchema,
  SaveFromAssessmentSchema,
} from '@vbuilder/shared';
import { COMMON_ERRORS, errorResponses } from '../../lib/errors.ts';
import { ASSESSMENT_AUTHORS } from '../assessments/assessments.policy.ts';
import { assessmentsContext } from '../assessments/assessments.access.ts';
import {
  addToAssessment,
  bankQuestionLinks,
  createBankCategory,
  createBankQuestion,
  deleteBankCategory,
  deleteBankQuestionById,
  drawPool,
  getBankQuestion,
  listBankAuthors,
  listBankCategories,
  listBankQuestionsFor,
  listBankTags,
  saveFromAssessment,
  updateBankCategory,
  updateBankQuestionById,
} from './question-bank.service.ts';

const tags = ['question-bank'];
const errors = { ...COMMON_ERRORS, ...errorResponses(409) };
/** The organization's teachers and administrators read and write its bank; students never (docs/product/roles.md). */
const policy = { roles: ASSESSMENT_AUTHORS };
const CategoryParams = z.object({ categoryId: z.uuid() });
const QuestionParams = z.object({ bankQuestionId: z.uuid() });
const AssessmentParams = z.object({ assessmentId: z.uuid() });

/** The question bank: categories, questions, and their use in assessments. */
const questionBankRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = assessmentsContext(app);

  app.get(
    '/question-bank/categories',
    {
      schema: {
        tags,
        summary: "The organization's bank categories (the whole tree, flat)",
        response: { 200: BankCategoryListSchema, ...errors },
      },
      config: { policy },
    },
    (req) => listBankCategories(ctx, req.actor),
  );

  app.post(
    '/question-bank/categories',
    {
      schema: {
        tags,
        summary: 'Create a category (top level, or under parentId)',
        body: BankCategoryInputSchema,
        response: { 201: BankCategorySchema, ...errors },
      },
      config: { policy },
    },
    async (req, reply) => reply.code(201).send(await createBankCategory(ctx, req.actor, req.body)),
  );

  app.patch(
    '/question-bank/categories/:categoryId',
    {
      schema: {
        tags,
        summary: 'Rename a category, or move it under another parent (null: top level)',
        params: CategoryParams,
        body: BankCategoryUpdateSchema,
        response: { 200: BankCategorySchema, ...errors },
      },
      config: { policy },
    },
    (req) => updateBankCategory(ctx, req.actor, req.params.categoryId, req.body),
  );

  app.delete(
    '/question-bank/categories/:categoryId',
    {
      schema: {
        tags,
        summary: 'Delete an empty category that no assessment draws from',
        params: CategoryParams,
        response: { 204: z.null(), ...errors },
      },
      config: { policy },
    },
    async (req, reply) => {
      await deleteBankCategory(ctx, req.actor, req.params.categoryId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/question-bank/questions',
    {
      schema: {
        tags,
        summary:
          'Search the bank: text, category (with subcategories), type, difficulty, tags, author; one page',
        querystring: BankQuestionListQuerySchema,
        response: { 200: BankQuestionListSchema, ...errors },
      },
      config: { policy },
    },
    (req) => listBankQuestionsFor(ctx, req.actor, req.query),
  );

  app.post(
    '/question-bank/questions',
    {
      schema: {
        tags,
        summary: "Add a question to the bank (its type must be in the organization's plan)",
        body: BankQuestionInputSchema,
        response: { 201: BankQuestionSchema, ...errors },
      },
      config: { policy },
    },
    async (req, reply) => reply.code(201).send(await createBankQuestion(ctx, req.actor, req.body)),
  );

  app.get(
    '/question-bank/questions/:bankQuestionId',
    {
      schema: {
        tags,
        summary: 'One bank question',
        params: QuestionParams,
        response: { 200: BankQuestionSchema, ...errors },
      },
      config: { policy },
    },
    (req) => getBankQuestion(ctx, req.actor, req.params.bankQuestionId),
  );

  app.get(
    '/question-bank/questions/:bankQuestionId/links',
    {
      schema: {
        tags,
        summary:
          'The assessments using a bank question by reference: those a student has started are locked and keep their copy on a save',
        params: QuestionParams,
        response: { 200: BankQuestionLinksSchema, ...errors },
      },
      config: { policy },
    },
    (req) => bankQuestionLinks(ctx, req.actor, req.params.bankQuestionId),
  );

  app.put(
    '/question-bank/questions/:bankQuestionId',
    {
      schema: {
        tags,
        summary:
          'Edit a bank question; assessments using it by reference follow, attempts already started keep theirs',
        params: QuestionParams,
        body: BankQuestionInputSchema,
        response: { 200: BankQuestionSchema, ...errors },
      },
      config: { policy },
    },
    (req) => updateBankQuestionById(ctx, req.actor, req.params.bankQuestionId, req.body),
  );

  app.delete(
    '/question-bank/questions/:bankQuestionId',
    {
      schema: {
        tags,
        summary: 'Delete a bank question; assessments using it by reference keep it as their own',
        params: QuestionParams,
        response: { 204: z.null(), ...errors },
      },
      config: { policy },
    },
    async (req, reply) => {
      await deleteBankQuestionById(ctx, req.actor, req.params.bankQuestionId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/question-bank/tags',
    {
      schema: {
        tags,
        summary: "The bank's tags, with how many questions carry each",
        response: { 200: BankTagListSchema, ...errors },
      },
      config: { policy },
    },
    (req) => listBankTags(ctx, req.actor),
  );

  app.get(
    '/question-bank/authors',
    {
      schema: {
        tags,
        summary: "Who wrote the bank's questions",
        response: { 200: BankAuthorListSchema, ...errors },
      },
      config: { policy },
    },
    (req) => listBankAuthors(ctx, req.actor),
  );

  app.post(
    '/question-bank/draw-pool',
    {
      schema: {
        tags,
        summary: "How many bank questions a draw rule could pick from (the plan's types only)",
        body: DrawPoolQuerySchema,
        response: { 200: DrawPoolSchema, ...errors },
      },
      config: { policy },
    },
    (req) => drawPool(ctx, req.actor, req.body),
  );

  app.post(
    '/question-bank/assessments/:assessmentId/save-to-bank',
    {
      schema: {
        tags,
        summary: "Save one of an assessment's questions to the bank (optionally linking it)",
        params: AssessmentParams,
        body: SaveFromAssessmentSchema,
        response: { 201: BankQuestionSchema, ...errors },
      },
      config: { policy },
    },
    async (req, reply) =>
      reply.code(201).send(await saveFromAssessment(ctx, req.actor, req.params.assessmentId, req.body)),
  );

  app.post(
    '/question-bank/assessments/:assessmentId/questions',
    {
      schema: {
        tags,
        summary: 'Append bank questions to an assessment, by reference or by copy',
        params: AssessmentParams,
        body: AddToAssessmentSchema,
        response: { 200: AssessmentSchema, ...errors },
      },
      config: { policy },
    },
    (req) => addToAssessment(ctx, req.actor, req.params.assessmentId, req.body),
  );
};

export default questionBankRoutes;
