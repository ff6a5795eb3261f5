import { describe, expect, it } from 'vitest';
import { downloadName, neutraliseFormula, resultsFileDisposition } from './submissions.export.ts';
import { distribution } from './submissions.report.ts';
import { questionMark, teacherCorrect } from './submissions.scoring.ts';
import { QUESTIONS } from './test-fixtures.ts';

describe('questionMark', () => {
  const mcq = QUESTIONS[0]!;
  it('uses the stored mark', () => {
    expect(
      questionMark(
        mcq,
        {
          questionId: mcq.id,
          answer: ['a'],
          score: 1.5,
          maxScore: 2,
          correct: false,
          markStatus: 'marked',
          feedback: null,
        },
        'seed',
      ),
    ).toEqual({ score: 1.5, max: 2, correct: false, markStatus: 'marked' });
  });
  it('marks with the registry when nothing is stored', () => {
    expect(questionMark(mcq, undefined, 'seed')).toEqual({
      score: 0,
      max: 2,
      correct: false,
      markStatus: 'auto',
    });
  });
});

it('counts full marks as correct', () => {
  expect([teacherCorrect(5, 5), teacherCorrect(4.5, 5), teacherCorrect(0, 0)]).toEqual([true, false, null]);
});

it('buckets percentages in tens, 100 % in the last bucket', () => {
  expect(distribution([0, 9.99, 10, 55, 99.5, 100])).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 2]);
});

it.each([
  ['=1+1', "'=1+1"],
  ['+44 20', "'+44 20"],
  ['-5', "'-5"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['\tx', "'\tx"],
  ['Ada', 'Ada'],
  ['a=b', 'a=b'],
])('neutralises formula %j', (input, output) => {
  expect(neutraliseFormula(input)).toBe(output);
});

describe('download names', () => {
  it.each([
    ['Term 1: Science', 'term-1-science-results.csv'],
    ['Écoute & compréhension', 'ecoute-comprehension-results.csv'],
    ['物理', 'assessment-results.csv'],
    ['../../etc/passwd', 'etc-passwd-results.csv'],
  ])('%j → %s', (title, name) => {
    expect(downloadName(title, 'results', 'csv')).toBe(name);
  });
  it('keeps the exact title in filename*, without quotes or slashes', () => {
    const header = resultsFileDisposition('A "quoted" / title', 'report', 'pdf');
    expect(header).toBe(
      `attachment; filename=a-quoted-title-report.pdf; filename*=UTF-8''${encodeURIComponent('A quoted title - report.pdf')}`,
    );
  });

  it('keeps Bengali vowel signs and names the file in the reader’s language', () => {
    const header = resultsFileDisposition('পরীক্ষা', 'results', 'csv', 'bn');
    expect(header).toBe(
      `attachment; filename=assessment-results.csv; filename*=UTF-8''${encodeURIComponent('পরীক্ষা - ফলাফল.csv')}`,
    );
  });
});
