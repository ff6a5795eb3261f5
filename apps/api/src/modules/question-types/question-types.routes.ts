import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  QuestionExamplesResponseSchema,
  QuestionTypesResponseSchema,
} from '@vbuilder/shared';
import { listQuestionExamples, listQuestionTypes } from './question-types.service.ts';

/** The question type registry (docs/product/question-types.md) as data for clients: the types and their examples. */
const questionTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/question-types',
    {
      schema: {
        tags: ['questions'],
        summary: 'Every question type with family, plan tier and default instructions',
        response: { 200: QuestionTypesResponseSchema, 401: ErrorResponseSchema },
      },
      config: { policy: 'authenticated' },
    },
    () => listQuestionTypes(),
  );

  app.get(
    '/question-types/examples',
    {
      schema: {
        tags: ['questions'],
        summary: 'One example question per type, in the "Question example" shape of docs/product/data.md',
        response: { 200: QuestionExamplesResponseSchema, 401: ErrorResponseSchema },
      },
      config: { policy: 'authenticated' },
    },
    () => listQuestionExamples(),
  );
};

export default questionTypesRoutes;
