import { QUESTION_NAMESPACES } from '../../components/questions/namespaces.ts';
import { FORM_NAMESPACES } from '../../lib/forms/namespaces.ts';
import type { Namespace } from '../../lib/i18n.ts';

/**
 * The translation namespaces this feature's screens read, with those of the components they
 * render (docs/architecture/web-first-load.md): a route fetches them with its code. One list per
 * screen, since the list, the editor and the assistant read different catalogs.
 */

/** The assessment list, its filters and row actions, and the usage card. */
export const ASSESSMENT_LIST_NAMESPACES = [
  'assessments',
  'questionTypes',
  ...FORM_NAMESPACES,
] as const satisfies readonly Namespace[];

/** The editor's loading and error states (screen-states.tsx), which the question bank shows too. */
export const EDITOR_STATES_NAMESPACES = ['assessmentEditor'] as const satisfies readonly Namespace[];

/** One assessment, read only. */
export const ASSESSMENT_VIEW_NAMESPACES = [
  ...ASSESSMENT_LIST_NAMESPACES,
  ...EDITOR_STATES_NAMESPACES,
  ...QUESTION_NAMESPACES,
] as const satisfies readonly Namespace[];

/** The creation wizard and the editor, with AI generation. */
export const ASSESSMENT_EDITOR_NAMESPACES = [
  ...ASSESSMENT_VIEW_NAMESPACES,
  'aiGeneration',
] as const satisfies readonly Namespace[];

/** The AI assistant, whose questions can be generated and added to an assessment. */
export const ASSISTANT_NAMESPACES = [
  ...ASSESSMENT_LIST_NAMESPACES,
  ...QUESTION_NAMESPACES,
  'aiAssistant',
  'aiGeneration',
] as const satisfies readonly Namespace[];
