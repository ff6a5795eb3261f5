import {
  QUESTION_TYPES,
  typesOfTier,
  type OpenResponseKind,
  type QuestionTypeId,
  type Tier,
} from './types.ts';
import type { FamilyId } from './family.ts';

/*
 * What the product knows of each question type without its family's behaviour: names, tiers,
 * words. Apart from registry.ts (which adds the families' schemas and marking), so a screen that
 * only asks a type's family or label (the attempt screen) does not build every family's schemas
 * when it loads (they were a third of the zod schemas made before its first paint).
 */

/**
 * A question type as the rest of the product sees it: the data of types.ts plus where its words
 * live. The web shows `labelKey`, `descriptionKey` and `instructionsKey` (namespace
 * 'questionTypes'); the API and AI prompts use the English `instructions`.
 */
export interface QuestionTypeInfo {
  id: QuestionTypeId;
  /** The docs/product/limits.md name ('MCQ', 'Drag & Drop'...), also the `type` of its example. */
  name: string;
  family: FamilyId;
  tier: Tier;
  /** Family 'open' only: how the student answers. */
  responseKind: OpenResponseKind | null;
  /** Family 'choice' only: the question shows an image students answer about. */
  withImage: boolean;
  labelKey: string;
  descriptionKey: string;
  instructionsKey: string;
  /** Default instructions a student reads, in English. */
  instructions: string;
}

/**
 * Default student instructions, one sentence a student reads above the question. The web shows
 * the same sentences from the catalog both apps read, packages/shared/src/locales/<lng>/
 * questionTypes.json (types.<id>.instructions), so they can be translated; a web test keeps the
 * two in step.
 */
const INSTRUCTIONS: Record<QuestionTypeId, string> = {
  'multiple-choice': 'Choose the one correct answer.',
  'true-false': 'Decide whether the statement is true or false.',
  'fill-in-the-blanks': 'Fill in each blank with the missing word or words.',
  'matching-pairs': 'Match each item on the left with the item on the right that belongs with it.',
  'short-answers': 'Write a short answer of no more than 50 words.',
  'crosswords-and-puzzles': 'Use the clues to fill in every word of the crossword.',
  essay: 'Write a well-organized essay that answers the question, with evidence for each point.',
  'drag-and-drop': 'Move each item into the group where it belongs.',
  'image-based': 'Look carefully at the image, then choose the correct answer.',
  'case-studies': 'Read the case study carefully, then answer the question using details from it.',
  'interactive-simulations': 'Open the simulation, carry out the task, then explain what you found.',
  'peer-review': "Review your classmate's work and give specific, kind and useful feedback.",
  'project-based': 'Complete the project and upload your finished work.',
  'video-response': 'Record a video, or upload one, that answers the question.',
  'audio-recordings': 'Record your answer, or upload an audio file, and speak clearly.',
  coding: 'Write code that solves the problem, then check it against the examples given.',
  'group-assignments': "Work with your group and submit one response that shows everyone's contribution.",
  'role-play': 'Respond in character, as the person described in the scenario.',
  'vr-assignments':
    'Open the virtual reality experience, complete the tasks, then describe what you observed.',
  'annotated-texts': 'Read the text and write your annotations, explaining what each part shows.',
  debates: 'Argue for your side with clear reasons and evidence, and answer the strongest opposing point.',
  'mind-maps': 'Create a mind map on the topic and upload it as an image or PDF.',
  'data-analysis': 'Analyse the data and upload your workings and conclusions.',
  'interactive-diagrams': 'Move each label to the correct part of the diagram.',
  'creative-writing': 'Write an original piece that responds to the prompt.',
  presentations: 'Prepare a presentation on the topic and upload your slides.',
  'reflective-journals': 'Reflect honestly on your learning and write a journal entry about it.',
  'translation-assignments': 'Translate the text, keeping its meaning and its tone.',
  'cultural-analysis': 'Analyse the cultural topic and support each point with an example.',
  'survey-based': 'Choose the option that best matches your view. There is no right or wrong answer.',
  'public-speaking': 'Record a video of yourself giving the speech, or upload one.',
  'virtual-field-trips': 'Take the virtual field trip, then answer the question about what you saw.',
  'interview-assignments': 'Carry out the interview as described, then record or upload it.',
  'scenario-based': 'Read the scenario and explain what you would do and why.',
  'lab-reports': 'Write up your experiment as a lab report and upload it.',
  'interactive-games': 'Put the steps in the correct order.',
  'timeline-assignments': 'Put the events in order, from the earliest to the latest.',
};

export const QUESTION_TYPE_REGISTRY: readonly QuestionTypeInfo[] = QUESTION_TYPES.map((type) => ({
  id: type.id,
  name: type.name,
  family: type.family,
  tier: type.tier,
  responseKind: 'responseKind' in type ? type.responseKind : null,
  withImage: 'withImage' in type ? type.withImage : false,
  labelKey: `questionTypes:types.${type.id}.label`,
  descriptionKey: `questionTypes:types.${type.id}.description`,
  instructionsKey: `questionTypes:types.${type.id}.instructions`,
  instructions: INSTRUCTIONS[type.id],
}));

const BY_ID = new Map<string, QuestionTypeInfo>(QUESTION_TYPE_REGISTRY.map((t) => [t.id, t]));

/** i18n keys of family and tier names (namespace 'questionTypes'). */
export const familyLabelKey = (family: FamilyId): string => `questionTypes:families.${family}`;
export const tierLabelKey = (tier: Tier): string => `questionTypes:tiers.${tier}`;
export const responseKindLabelKey = (kind: OpenResponseKind): string => `questionTypes:responseKinds.${kind}`;

export function isQuestionTypeId(id: unknown): id is QuestionTypeId {
  return typeof id === 'string' && BY_ID.has(id);
}

/** The type with this id; throws for an unknown id (ids come from QuestionTypeIdSchema). */
export function getQuestionType(id: QuestionTypeId): QuestionTypeInfo {
  const type = BY_ID.get(id);
  if (!type) throw new Error(`Unknown question type: ${String(id)}`);
  return type;
}

/** The types a plan tier may use, lower tiers included (Basic 5, Professional 10, Enterprise all). */
export function typesForTier(tier: Tier): QuestionTypeInfo[] {
  return typesOfTier(tier).map(getQuestionType);
}
