import { describe, expect, it } from 'vitest';
import type { Assessment } from '@vbuilder/shared';
import {
  checkAssessment,
  detailsFieldOf,
  detailsOf,
  emptyDetails,
  fromInstant,
  toAssessmentInput,
  toInstant,
} from './details-values.ts';

describe('assessment details', () => {
  it('turns a local date and time into an instant and back (the browser zone)', () => {
    const instant = toInstant('2030-03-02', '09:15', '00:00')!;
    expect(new Date(instant).getHours()).toBe(9);
    expect(new Date(instant).getMinutes()).toBe(15);
    expect(fromInstant(instant)).toEqual({ date: '2030-03-02', time: '09:15' });
    expect(toInstant(null, '09:15', '00:00')).toBeNull();
    // A date without a time: the start of the day, or the end of it for the end and due dates.
    const details = { ...emptyDetails(), title: 'T', subject: 'S', endDate: '2030-03-09' };
    expect(fromInstant(toAssessmentInput(details, 'manual', []).endsAt ?? null)).toEqual({
      date: '2030-03-09',
      time: '23:59',
    });
  });

  it('sorts the schema messages into the fields that show them', () => {
    const details = {
      ...emptyDetails(),
      startDate: '2030-03-09',
      endDate: '2030-03-02',
      dueTime: '10:00',
      passMark: '' as const,
      assignmentMode: 'selected' as const,
    };
    const result = checkAssessment(details, 'manual', []);
    expect(result.details).toEqual({
      title: 'assessments.errors.titleRequired',
      subject: 'assessments.errors.subjectRequired',
      passMark: 'assessments.errors.passMarkInvalid',
      endDate: 'assessments.errors.endBeforeStart',
      studentIds: 'assessments.errors.studentsRequired',
      dueDate: 'assessmentEditor.errors.timeWithoutDate',
    });
    expect(
      checkAssessment({ ...emptyDetails(), title: 'T', subject: 'S', status: 'published' }, 'manual', [])
        .questionList,
    ).toBe('assessments.errors.questionsRequired');
  });

  it('maps API issue paths to fields', () => {
    expect(detailsFieldOf(['startsAt'])).toBe('startDate');
    expect(detailsFieldOf(['assignment', 'studentIds'])).toBe('studentIds');
    expect(detailsFieldOf(['title'])).toBe('title');
    expect(detailsFieldOf(['questions', 2, 'text'])).toBeNull();
    expect(detailsFieldOf(['nonsense'])).toBeNull();
  });

  it('reads a saved assessment into the form and sends it back unchanged', () => {
    const saved = {
      title: 'Cells',
      subject: 'Biology',
      difficulty: 'Easy',
      generationType: 'manual',
      startsAt: '2030-03-02T09:00:00.000Z',
      endsAt: null,
      dueAt: null,
      durationMinutes: 30,
      passMark: 60,
      instructions: 'Go',
      allowRetake: true,
      language: 'sw',
      instructor: 'Tom',
      status: 'published',
      reviewPolicy: 'never',
      assignment: { mode: 'selected', studentIds: ['7d0c1c2a-8f7e-4d3b-a1a2-9c8b7d6e5f40'] },
      questions: [],
    } as unknown as Assessment;
    const input = toAssessmentInput(detailsOf(saved), 'manual', []);
    expect(input).toMatchObject({
      title: 'Cells',
      startsAt: '2030-03-02T09:00:00.000Z',
      durationMinutes: 30,
      passMark: 60,
      allowRetake: true,
      language: 'sw',
      reviewPolicy: 'never',
      assignment: { mode: 'selected', studentIds: ['7d0c1c2a-8f7e-4d3b-a1a2-9c8b7d6e5f40'] },
    });
  });
});
