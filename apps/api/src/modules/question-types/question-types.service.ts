import {
  QUESTION_EXAMPLE_LIST,
  QUESTION_TYPE_REGISTRY,
  type QuestionExamplesResponse,
  type QuestionTypesResponse,
} from '@vbuilder/shared';

/**
 * Every question type with their tier. Plans are not stored yet (a later issue), so nothing
 * here depends on the caller's organization: every caller sees every type with its tier, and
 * the `allowed` flag for the caller's plan is added when plans exist.
 */
export function listQuestionTypes(): QuestionTypesResponse {
  return {
    types: QUESTION_TYPE_REGISTRY.map((type) => ({
      id: type.id,
      name: type.name,
      family: type.family,
      tier: type.tier,
      responseKind: type.responseKind,
      withImage: type.withImage,
      instructions: type.instructions,
    })),
  };
}

/** One example per type (docs/product/data.md "Question example"), in the same order as the types. */
export function listQuestionExamples(): QuestionExamplesResponse {
  return { examples: QUESTION_EXAMPLE_LIST.map(({ typeId, example }) => ({ typeId, example })) };
}
