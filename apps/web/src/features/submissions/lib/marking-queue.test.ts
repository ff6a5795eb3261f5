import { describe, expect, it } from 'vitest';
import type { MarkingQueueItem, RubricCriterion } from '@vbuilder/shared';
import { groupsOf, isTypingTarget, rubricPoints } from './marking-queue.ts';

const item = (
  attemptId: string,
  questionId: string,
  student: string,
  assessment = 'a1',
): MarkingQueueItem => ({
  attemptId,
  questionId,
  questionNumber: 1,
  questionText: questionId,
  questionType: 'essay',
  max: 5,
  assessment: { id: assessment, title: assessment },
  student: { id: student, name: student, email: `${student}@x.test` },
  attemptNumber: 1,
  submittedAt: '2026-11-26T10:00:00.000Z',
  markedAt: null,
  suggestion: null,
});

describe('groupsOf', () => {
  // Oldest first: Ben's attempt, then Ada's.
  const items = [
    item('t1', 'q3', 'ben'),
    item('t1', 'q4', 'ben'),
    item('t2', 'q3', 'ada'),
    item('t3', 'q3', 'cy', 'a2'),
  ];

  it('by question: one group per question of an assessment, where its oldest answer comes', () => {
    const groups = groupsOf(items, 'question');
    expect(groups.map((g) => [g.key, g.items.map((i) => i.student.name)])).toEqual([
      ['a1/q3', ['ben', 'ada']],
      ['a1/q4', ['ben']],
      ['a2/q3', ['cy']],
    ]);
  });

  it("by student: one group per attempt with its answers in the queue's order", () => {
    expect(groupsOf(items, 'student').map((g) => [g.key, g.items.map((i) => i.questionId)])).toEqual([
      ['t1', ['q3', 'q4']],
      ['t2', ['q3']],
      ['t3', ['q3']],
    ]);
  });
});

describe('rubricPoints', () => {
  const criteria: RubricCriterion[] = [
    {
      id: 'a',
      title: 'A',
      levels: [
        { id: 'a0', points: 0, description: '-' },
        { id: 'a2', points: 2, description: '+' },
      ],
    },
    { id: 'b', title: 'B', levels: [{ id: 'b3', points: 3, description: '+' }] },
  ];
  it('adds the chosen levels, counts unchosen criteria as nothing and never passes the max', () => {
    expect(rubricPoints(criteria, {}, 5)).toBe(0);
    expect(rubricPoints(criteria, { a: 'a2' }, 5)).toBe(2);
    expect(rubricPoints(criteria, { a: 'a2', b: 'b3' }, 4)).toBe(4);
    expect(rubricPoints(criteria, { a: 'gone' }, 5)).toBe(0);
  });
});

describe('isTypingTarget', () => {
  it('is true in text fields and editors, false on buttons and radios', () => {
    const text = document.createElement('input');
    const radio = document.createElement('input');
    radio.type = 'radio';
    const area = document.createElement('textarea');
    const button = document.createElement('button');
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    expect([text, area, radio, button].map(isTypingTarget)).toEqual([true, true, false, false]);
    expect(isTypingTarget(null)).toBe(false);
  });
});
