import { rgb, type RGB } from 'pdf-lib';
import { answerOutcome, type AnswerOutcome, type AttemptResult, type LanguageCode } from '@vbuilder/shared';
import { DocumentWriter, MUTED } from '../../documents/index.ts';
import { formatDate, formatDateTime, formatNumber, formatTime, translatorFor } from '../../i18n/index.ts';

/**
 * A student's result of one attempt as a PDF, in the reader's language and time zone: the
 * assessment, the score and pass state, then every question with how the answer stands in the
 * teacher's words (correct, partly correct, incorrect with the points; pending marking; not
 * scored) and the teacher's feedback. It prints what the result screen shows and nothing more: an
 * unreleased result says so and carries no marks.
 */

export interface ResultReader {
  language: LanguageCode;
  /** IANA zone the dates are shown in. */
  timeZone?: string | null;
}

export interface ResultHeading {
  title: string;
  subject: string;
  studentName: string;
}

/** Dark shades of the screens' outcome colours: the words stand on white, never colour alone. */
const OUTCOME_COLOUR: Record<AnswerOutcome, RGB> = {
  correct: rgb(0.03, 0.4, 0.32),
  partial: rgb(0.55, 0.36, 0.0),
  incorrect: rgb(0.7, 0.12, 0.12),
  pending: rgb(0.1, 0.3, 0.65),
  unscored: MUTED,
};

/** The outcome in words, with the points where the answer was marked ("Partly correct · 4 / 5"). */
export function outcomeText(
  t: ReturnType<typeof translatorFor>,
  question: Pick<AttemptResult['questions'][number], 'markStatus' | 'correct' | 'score' | 'max'>,
  language: string,
): string {
  const outcome = answerOutcome(question);
  const words = t(`result:outcome.${outcome}`);
  if (outcome === 'pending' || outcome === 'unscored') return words;
  const points = t('result:points', {
    score: formatNumber(question.score, language, { maximumFractionDigits: 2 }),
    max: formatNumber(question.max, language, { maximumFractionDigits: 2 }),
  });
  return t('result:withPoints', { outcome: words, points });
}

export async function attemptResultPdf(
  result: AttemptResult,
  heading: ResultHeading,
  generatedAt: Date,
  reader: ResultReader = { language: 'en' },
): Promise<Buffer> {
  const { language, timeZone } = reader;
  const t = translatorFor(language);
  const number = (value: number) => formatNumber(value, language, { maximumFractionDigits: 2 });
  const w = await DocumentWriter.create({
    title: t('result:documentTitle', { title: heading.title }),
    subject: heading.subject,
    language,
    createdAt: generatedAt,
  });

  w.text(t('result:heading'), { size: 10, color: MUTED, gap: 2 });
  w.text(heading.title, { size: 20, bold: true, gap: 4 });
  w.text(t('result:subject', { subject: heading.subject }), { size: 11 });
  w.text(t('result:student', { name: heading.studentName }), { size: 11, gap: 2 });
  const submitted = new Date(result.submittedAt);
  w.text(
    `${t('result:attempt', { number: number(result.number) })} · ${t('result:submittedAt', {
      date: formatDate(submitted, language, timeZone),
      time: formatTime(submitted, language, timeZone),
    })}`,
    { size: 10, color: MUTED },
  );
  if (result.submittedBy === 'deadline') w.text(t('result:submittedAtDeadline'), { size: 10, color: MUTED });
  w.text(t('result:generated', { date: formatDateTime(generatedAt, language, timeZone) }), {
    size: 10,
    color: MUTED,
    gap: 10,
  });
  w.rule();
  w.y -= 14;

  if (!result.released) {
    const marked = result.markingStatus !== 'pending';
    w.text(t(marked ? 'result:notReleased' : 'result:notReleasedMarking'), { size: 14, bold: true, gap: 4 });
    w.text(
      result.releasesAt
        ? t('result:notReleasedOn', {
            date: formatDate(new Date(result.releasesAt), language, timeZone),
            time: formatTime(new Date(result.releasesAt), language, timeZone),
          })
        : t('result:notReleasedNote'),
      { size: 11 },
    );
  } else {
    summary(w, t, result, language, number);
    questions(w, t, result, language);
  }

  w.pages.forEach((page, i) => {
    w.page = page;
    const text = t('result:footer', {
      title: w.truncate(heading.title, 8, w.width * 0.6),
      page: number(i + 1),
      pages: number(w.pages.length),
    });
    w.cell(text, w.margin, w.margin - 20, w.width, { size: 8, color: MUTED });
  });
  return w.save();
}

type T = ReturnType<typeof translatorFor>;

function summary(
  w: DocumentWriter,
  t: T,
  result: AttemptResult,
  language: string,
  number: (v: number) => string,
) {
  const pending = result.questions.filter((q) => answerOutcome(q) === 'pending').length;
  const state =
    result.passed === null
      ? t('result:outcome.pending')
      : result.passed
        ? t('result:passed')
        : t('result:failed');
  w.text(t('result:score'), { size: 9, color: MUTED });
  const percent = formatNumber(result.percentage / 100, language, {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  w.text(
    `${t('result:points', { score: number(result.score), max: number(result.maxScore) })} · ${percent} · ${state}`,
    { size: 16, bold: true, gap: 2 },
  );
  w.text(t('result:passMark', { value: number(result.passMark) }), { size: 10, color: MUTED, gap: 4 });
  if (pending > 0) w.text(t('result:pendingNote', { count: pending }), { size: 10, gap: 4 });
  w.y -= 10;
}

function questions(w: DocumentWriter, t: T, result: AttemptResult, language: string) {
  w.text(t('result:answers', { count: result.questions.length }), { size: 14, bold: true, gap: 8 });
  result.questions.forEach((question, index) => {
    // Keep a question's title with its outcome line at a page break.
    w.ensure(44);
    w.text(t('result:question', { number: index + 1, text: question.text }), {
      size: 11,
      bold: true,
      gap: 2,
    });
    w.text(outcomeText(t, question, language), {
      size: 10,
      bold: true,
      color: OUTCOME_COLOUR[answerOutcome(question)],
      gap: 2,
    });
    if (question.feedback) {
      w.text(t('result:feedback'), { size: 9, color: MUTED });
      w.text(question.feedback, { size: 10, x: w.margin + 10, gap: 2 });
    }
    w.y -= 8;
  });
}
