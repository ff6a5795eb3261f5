import type { FamilyId } from './family.ts';

/** Plan tiers (docs/product/limits.md): Basic has 5 types, Professional 10, Enterprise all. */
export const TIERS = ['basic', 'professional', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

/**
 * How an open-response type is answered: formatted text, code, a recording, a file, a link plus a
 * text response, or survey options (not scored).
 */
export type OpenResponseKind = 'richText' | 'code' | 'audio' | 'video' | 'file' | 'link' | 'survey';

export interface QuestionTypeDefinition {
  /** Stable id stored with every question (kebab-case). */
  id: string;
  /** The docs/product/limits.md name, used by plan descriptions and AI prompts; the UI shows `labelKey`. */
  name: string;
  family: FamilyId;
  tier: Tier;
  /** For family 'open': how it is answered. */
  responseKind?: OpenResponseKind;
  /** For family 'choice': whether the question shows an image students answer about. */
  withImage?: boolean;
}

/** The question types of docs/product/data.md, docs/product/limits.md, in the order of docs/product/limits.md's plan lists. */
export const QUESTION_TYPES = [
  { id: 'multiple-choice', name: 'MCQ', family: 'choice', tier: 'basic' },
  { id: 'true-false', name: 'True/False', family: 'trueFalse', tier: 'basic' },
  { id: 'fill-in-the-blanks', name: 'Fill in the Blanks', family: 'fillBlanks', tier: 'basic' },
  { id: 'matching-pairs', name: 'Matching Pairs', family: 'matching', tier: 'basic' },
  { id: 'short-answers', name: 'Short Answers', family: 'shortAnswer', tier: 'basic' },
  { id: 'crosswords-and-puzzles', name: 'Crosswords and Puzzles', family: 'crossword', tier: 'professional' },
  { id: 'essay', name: 'Essay Questions', family: 'open', tier: 'professional', responseKind: 'richText' },
  { id: 'drag-and-drop', name: 'Drag & Drop', family: 'dragDrop', tier: 'professional' },
  {
    id: 'image-based',
    name: 'Image-Based Questions',
    family: 'choice',
    tier: 'professional',
    withImage: true,
  },
  {
    id: 'case-studies',
    name: 'Case Studies',
    family: 'open',
    tier: 'professional',
    responseKind: 'richText',
  },
  {
    id: 'interactive-simulations',
    name: 'Interactive Simulations',
    family: 'open',
    tier: 'enterprise',
    responseKind: 'link',
  },
  { id: 'peer-review', name: 'Peer Review', family: 'open', tier: 'enterprise', responseKind: 'richText' },
  { id: 'project-based', name: 'Project-Based', family: 'open', tier: 'enterprise', responseKind: 'file' },
  { id: 'video-response', name: 'Video Response', family: 'open', tier: 'enterprise', responseKind: 'video' },
  {
    id: 'audio-recordings',
    name: 'Audio Recordings',
    family: 'open',
    tier: 'enterprise',
    responseKind: 'audio',
  },
  { id: 'coding', name: 'Coding', family: 'open', tier: 'enterprise', responseKind: 'code' },
  {
    id: 'group-assignments',
    name: 'Group Assignments',
    family: 'open',
    tier: 'enterprise',
    responseKind: 'richText',
  },
  { id: 'role-play', name: 'Role Play', family: 'open', tier: 'enterprise', responseKind: 'richText' },
  { id: 'vr-assignments', name: 'VR Assignments', family: 'open', tier: 'enterprise', responseKind: 'link' },
  {
    id: 'annotated-texts',
    name: 'Annotated Texts',
    family: 'open',
    tier: 'enterprise',
    responseKind: 'richText',
  },
  { id: 'debates', name: 'Debates', family: 'open', tier: 'enterprise', responseKind: 'richText' },
  { id: 'mind-maps', name: 'Mind Maps', family: 'open', tier: 'enterprise', responseKind: 'file' },
  { id: 'data-analysis', name: 'Data Analysis', family: 'open', tier: 'enterprise', responseKind: 'file' },
  { id: 'interactive-diagrams', name: 'Interactive Diagrams', family: 'dragDrop', tier: 'enterprise' },
  {
    id: 'creative-writing',
    name: 'Creative Writing',
    family: 'open',
    tier: 'enterprise',
    responseKind: 'richText',
  },
  { id: 'presentations', name: 'Presentations', family: 'open', tier: 'enterprise', responseKind: 'file' },
  {
    id: 'reflective-journals',
    name: 'Reflective Journals',
    family: 'open',
    tier: 'enterprise',
    responseKind: 'richText',
  },
  {
    id: 'translation-assignments',
    name: 'Translation Assignments',
    family: 'open',
    tier: 'enterprise',
    responseKind: 'richText',
  },
  {
    id: 'cultural-analysis',
    name: 'Cultural Analysis',
    family: 'open',
    tier: 'enterprise',
    responseKind: 'richText',
  },
  { id: 'survey-based', name: 'Survey-Based', family: 'open', tier: 'enterprise', responseKind: 'survey' },
  {
    id: 'public-speaking',
    name: 'Public Speaking',
    family: 'open',
    tier: 'enterprise',
    responseKind: 'video',
  },
  {
    id: 'virtual-field-trips',
    name: 'Virtual Field Trips',
    family: 'open',
    tier: 'enterprise',
    responseKind: 'link',
  },
  {
    id: 'interview-assignments',
    name: 'Interview Assignments',
    family: 'open',
    tier: 'enterprise',
    responseKind: 'audio',
  },
  {
    id: 'scenario-based',
    name: 'Scenario-Based Assignment',
    family: 'open',
    tier: 'enterprise',
    responseKind: 'richText',
  },
  { id: 'lab-reports', name: 'Lab Reports', family: 'open', tier: 'enterprise', responseKind: 'file' },
  { id: 'interactive-games', name: 'Interactive Games', family: 'ordering', tier: 'enterprise' },
  { id: 'timeline-assignments', name: 'Timeline Assignments', family: 'ordering', tier: 'enterprise' },
] as const satisfies readonly QuestionTypeDefinition[];

export type QuestionTypeId = (typeof QUESTION_TYPES)[number]['id'];

/** Types a tier may use: each tier includes the ones below it. */
export const typesOfTier = (tier: Tier): QuestionTypeId[] => {
  const rank = TIERS.indexOf(tier);
  return QUESTION_TYPES.filter((t) => TIERS.indexOf(t.tier) <= rank).map((t) => t.id);
};
