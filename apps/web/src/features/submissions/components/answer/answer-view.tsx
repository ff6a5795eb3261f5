import { Suspense } from 'react';
import { Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { markQuestion, type MarkResult, type Question, type SubmissionQuestion } from '@vbuilder/shared';
import { componentsOf } from '../../../../components/questions/family-components.tsx';

const ignoreChange = () => undefined;

/**
 * The result a player shows beside the answer: the stored score and status, with the per-part
 * marks worked out again from the snapshot question (the same marker the API used), so a teacher
 * sees which option, gap or pair was right. A snapshot that no longer fits its family shows none.
 */
function resultOf(question: SubmissionQuestion): MarkResult {
  let details: Record<string, boolean> | undefined;
  try {
    details = markQuestion(question.question, question.answer).details;
  } catch {
    details = undefined;
  }
  return {
    score: question.score,
    max: question.max,
    correct: question.correct,
    status:
      question.markStatus === 'unscored' ? 'unscored' : question.markStatus === 'manual' ? 'manual' : 'auto',
    details,
  };
}

/**
 * The student's answer rendered readably per family: the family's own answer view when it has one
 * (open answers as text, code, media or files), otherwise its player, read only, with the right and
 * wrong parts marked.
 */
export function AnswerView({ question, idPrefix }: { question: SubmissionQuestion; idPrefix: string }) {
  const { t } = useTranslation('submissions');
  const { Player, AnswerView: FamilyAnswerView } = componentsOf(question.type);
  if (FamilyAnswerView) {
    return (
      <Suspense fallback={<Loader size="sm" aria-label={t('answer.loading')} />}>
        <FamilyAnswerView question={question} idPrefix={idPrefix} />
      </Suspense>
    );
  }
  const answered = question.answer !== null && question.answer !== undefined;
  return (
    <>
      {!answered && (
        <Text size="sm" c="gray.7" fs="italic">
          {t('answer.none')}
        </Text>
      )}
      <Player
        question={question.question as Question}
        value={question.answer ?? null}
        onChange={ignoreChange}
        disabled
        result={answered ? resultOf(question) : null}
        idPrefix={idPrefix}
      />
    </>
  );
}
