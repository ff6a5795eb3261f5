import type { ComponentType } from 'react';
import type { MarkResult, Question, QuestionExample, QuestionTypeInfo } from '@vbuilder/shared';

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
 * The web side of one family (components/questions/families/<family>/): how a student answers
 * it, how a teacher writes it and how its example is shown.
 */
export interface FamilyComponents<C, A> {
  Player: ComponentType<PlayerProps<C, A>>;
  Editor: ComponentType<EditorProps<C>>;
  ExampleView: ComponentType<ExampleViewProps>;
}
