import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LANGUAGE_CODES,
  QUESTION_EXAMPLES,
  QUESTION_TYPE_REGISTRY,
  QuestionSchema,
  exampleToQuestion,
  studentViewOf,
  getQuestionType,
  type Question,
  type QuestionResult as QuestionResultData,
  type SubmissionQuestion,
} from '@vbuilder/shared';
import { theme } from '../../app/theme.ts';
import { QuestionResult } from '../../features/attempts/components/question-result.tsx';
import { QuestionView } from '../../features/attempts/components/question-view.tsx';
import { QuestionHeading } from '../../features/submissions/components/answer/question-heading.tsx';
import { NAMESPACES } from '../../lib/i18n.ts';
import { loadPlayers } from './family-players.tsx';
import { QuestionPreview } from './preview/question-preview.tsx';

/*
 * Every question type, in every language, as a student takes it (the attempt's question view),
 * as a teacher tries it (the preview, also on the assessment view and types screens), in the
 * student's results and under the marking screen's heading, with the type's default
 * instructions: no text on screen or in an accessible name may be an i18n key that failed to
 * resolve.
 */

// The web's own catalogs and the ones it shares with the API (the question types).
const here = path.dirname(new URL(import.meta.url).pathname);
const localesDirs = [
  path.resolve(here, '../../locales'),
  path.resolve(here, '../../../../../packages/shared/src/locales'),
];
const catalogsOf = (lng: string) =>
  Object.fromEntries(
    localesDirs.flatMap((localesDir) =>
      readdirSync(path.join(localesDir, lng))
        .filter((file) => file.endsWith('.json'))
        .map((file) => [
          file.replace(/\.json$/, ''),
          JSON.parse(readFileSync(path.join(localesDir, lng, file), 'utf8')) as object,
        ]),
    ),
  );

// `questionTypes.types.essay.label`, `questions:players.dnd.hint`, `errors:FORBIDDEN`: what a
// key looks like when i18next gives it back. Real text with dots (1.5, e.g., file.pdf) has at
// most one dot between letters, and URLs are removed before the check.
const DOTTED_KEY = /\b[a-zA-Z]+(?::[a-zA-Z][\w-]*)?(?:\.[a-zA-Z][\w-]*){2,}\b/;
const NAMESPACED_KEY = /\b[a-zA-Z]+:[a-zA-Z][\w-]*(?:\.[\w-]+)*/;
const WEB_ADDRESS = /\b(?:https?|mailto|data):\S+/g;

/** The words a reader meets: every text node, plus the texts of the attributes read aloud or shown. */
function textsOf(container: HTMLElement): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // Mantine's responsive props render as <style> rules; those are not read.
    if (node.parentElement?.closest('style, script')) continue;
    texts.push(node.textContent ?? '');
  }
  for (const element of container.querySelectorAll('*')) {
    for (const name of [
      'aria-label',
      'aria-description',
      'aria-roledescription',
      'aria-valuetext',
      'placeholder',
      'title',
      'alt',
    ]) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
  }
  return texts.filter((text) => text.trim() !== '');
}

function unresolvedKeysIn(texts: readonly string[]): string[] {
  return texts.filter((text) => {
    const words = text.replace(WEB_ADDRESS, ' ');
    return DOTTED_KEY.test(words) || NAMESPACED_KEY.test(words);
  });
}

/** The type's example as a question, with no instructions of its own: the type's default shows. */
const questionOf = (typeId: keyof typeof QUESTION_EXAMPLES): Question => {
  const question = QuestionSchema.parse(exampleToQuestion(QUESTION_EXAMPLES[typeId], `q-${typeId}`));
  const { instructions: _own, ...rest } = question;
  return rest as Question;
};

/** The question in a student's results, waiting for a teacher (the player shows no answer). */
const resultOf = (question: Question): QuestionResultData => ({
  questionId: question.id,
  text: question.text,
  type: question.type,
  question: studentViewOf(question, 'seed'),
  score: 0,
  max: question.score,
  correct: null,
  markStatus: 'manual',
  answer: null,
  details: null,
  feedback: null,
});

/** The question as the marking screen and submission details head it (only what the heading reads). */
const markedOf = (question: Question) =>
  ({
    id: question.id,
    text: question.text,
    type: question.type,
    family: getQuestionType(question.type).family,
    question,
    max: question.score,
  }) as unknown as SubmissionQuestion;

describe('the key pattern', () => {
  it('finds raw keys and lets ordinary text through', () => {
    expect(
      unresolvedKeysIn([
        'questionTypes.types.multiple-choice.instructions',
        'questions:players.dnd.hint',
        'errors:FORBIDDEN',
        'attempts:question.flag',
      ]),
    ).toHaveLength(4);
    expect(
      unresolvedKeysIn([
        'Choose the one correct answer.',
        'e.g. 1.5 points',
        'See https://example.com/a.b.c for details',
        'report.pdf',
        'Question 2 of 5: answered',
        'เลือกคำตอบที่ถูกต้องเพียงข้อเดียว',
      ]),
    ).toEqual([]);
  });
});

describe('question texts in every language', () => {
  let i18n: I18n;
  const missing: string[] = [];

  beforeAll(async () => {
    // The attempt screen fetches players on demand; here they are all rendered at once.
    await loadPlayers(QUESTION_TYPE_REGISTRY.map((type) => type.id));
    i18n = createInstance();
    await i18n.use(initReactI18next).init({
      resources: Object.fromEntries(LANGUAGE_CODES.map((lng) => [lng, catalogsOf(lng)])),
      lng: 'en',
      // No fallback: a key missing from one language shows as a key there, and fails.
      fallbackLng: false,
      supportedLngs: [...LANGUAGE_CODES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      saveMissing: true,
      missingKeyHandler: (lngs, ns, key) => missing.push(`${lngs.join(',')}: ${ns}:${key}`),
    });
  });
  afterAll(() => {
    expect(missing).toEqual([]);
  });

  const queryClient = new QueryClient();
  const questions = QUESTION_TYPE_REGISTRY.map((type) => questionOf(type.id));

  it.each([...LANGUAGE_CODES])(
    '%s: every type shows its words, never a key',
    async (lng) => {
      await i18n.changeLanguage(lng);
      const problems: string[] = [];
      for (const question of questions) {
        const { container, unmount } = render(
          <I18nextProvider i18n={i18n}>
            <MantineProvider theme={theme} env="test">
              <QueryClientProvider client={queryClient}>
                <QuestionView
                  question={studentViewOf(question, 'seed')}
                  index={0}
                  total={3}
                  answer={null}
                  flagged={false}
                  onAnswer={() => undefined}
                  onToggleFlag={() => undefined}
                  onFile={() => undefined}
                />
                <QuestionPreview question={question} idPrefix={`preview-${question.id}`} />
                <QuestionResult result={resultOf(question)} index={0} attemptId="attempt" />
                <QuestionHeading
                  question={markedOf(question)}
                  number={1}
                  headingId={`mark-${question.id}`}
                  order={3}
                />
              </QueryClientProvider>
            </MantineProvider>
          </I18nextProvider>,
        );
        const texts = textsOf(container);
        // The default instructions are on screen, translated (not the English ones, except in English).
        const instructions = i18n.t(`questionTypes:types.${question.type}.instructions`);
        expect(
          texts.filter((text) => text === instructions),
          `${lng} ${question.type}`,
        ).toHaveLength(4);
        problems.push(...unresolvedKeysIn(texts).map((text) => `${question.type}: ${text}`));
        unmount();
      }
      expect(problems).toEqual([]);
      expect(missing).toEqual([]);
      // Every type × 4 views per language: about a second, several on a busy machine.
    },
    30_000,
  );
});
