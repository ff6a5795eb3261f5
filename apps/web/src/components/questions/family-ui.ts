import type { ComponentType } from 'react';
import type {
  MarkResult,
  Question,
  QuestionExample,
  QuestionTypeInfo,
  SubmissionQuestion,
} from '@vbuilder/shared';

/**
 * The props every family player takes. A player is controlled: it shows `value` and reports each
 * change through `onChange`, so autosave and previews can wrap it without knowing the family.
 * `value` is null before the student has answered anything.
 */
export interface PlayerProps<C, A> {
  question: Question & { config: C };
  value: A | null;
  onChange(value: A): void;
  /** Read-only (submitted attempt, review). */
  disabled?: boolean;
  /** When set, the player shows which parts were right (preview, review). */
  result?: MarkResult | null;
  /** Prefix for element ids so two players on one page never share an id. */
  idPrefix: string;
}

/**
 * The props every family editor takes. `errors` maps an issue path joined with '.' (for example
 * 'text', 'score', 'config.options.1.text', 'config.correct') to a message key of the shared
 * schemas such as 'questions.errors.optionEmpty', whose English text is errors.optionEmpty of the
 * 'questions' namespace (i18n key 'questions:errors.optionEmpty'; editors/editor-utils.ts
 * translates them) — see `validateQuestion` / `questionErrors` in @vbuilder/shared.
 */
export interface EditorProps<C> {
  question: Question & { config: C };
  onChange(question: Question & { config: C }): void;
  errors: Record<string, string>;
}

/**
 * The props of a family's example rendering: the parsed example (docs/product/data.md shape, its options and
 * answer still unchecked JSON) and the type it is for, so a family can render a type its own way.
 * It shows the options (or additional information) and the expected answer; the examples page
 * shows the rest.
 */
export interface ExampleViewProps {
  example: QuestionExample;
  type: QuestionTypeInfo;
}

/**
 * The props of a family's own view of a submitted answer, for reading and marking: the answer with
 * its snapshot question, marks and files as the submissions API gives them.
 */
export interface AnswerViewProps {
  question: SubmissionQuestion;
  /** Prefix for element ids so two answers on one page never share an id. */
  idPrefix: string;
}

/**
 * The web side of one family (components/questions/families/<family>/): how a student answers
 * it, how a teacher writes it, how its example is shown and, when the read-only player with its
 * marks does not fit, how a submitted answer is shown for marking.
 */
export interface FamilyComponents<C, A> {
  Player: ComponentType<PlayerProps<C, A>>;
  Editor: ComponentType<EditorProps<C>>;
  ExampleView: ComponentType<ExampleViewProps>;
  /**
   * A submitted answer for reading and marking; without it the family's player shows the answer,
   * read only, with the right and wrong parts marked. Load it lazily: family-components.tsx is
   * imported by authoring and result screens that never show it.
   */
  AnswerView?: ComponentType<AnswerViewProps>;
}

/**
 * What the screens around a family's player need to know about it before its player loads
 * (families/<family>/traits.ts, collected in family-traits.ts): small enough for the attempt
 * screen's first bundle.
 */
export interface FamilyTraits {
  /**
   * The player shows the question's image itself (next to its options), so the screens around it
   * do not show it above the player.
   */
  playerShowsImage: boolean;
}
