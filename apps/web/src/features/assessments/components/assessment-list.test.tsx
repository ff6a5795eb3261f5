import { fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssessmentList, AssessmentUsage, MonthlyAssessments } from '@vbuilder/shared';
import {
  answer,
  answerEmpty,
  answerError,
  receivedQuery,
  receivedRequests,
  server,
} from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { elapse, flush } from '../../../test/timers.ts';
import { makeAssessment, makeUsage, ORGANIZATION_ID, pageOf, STUDENT, TEACHER } from '../lib/test-utils.ts';
import { AssessmentListScreen, type ListViewer } from './assessment-list.tsx';
import { toastTexts } from '../../../test/toasts.ts';

/** The API refusing a call with this status and code. */
interface Failure {
  failure: { status: number; code: string };
}
const fails = (status: number, code: string): Failure => ({ failure: { status, code } });
const isFailure = (value: unknown): value is Failure =>
  typeof value === 'object' && value !== null && 'failure' in value;

type Answer<T> = T | Failure;
interface Server {
  list: Answer<AssessmentList>;
  usage?: Answer<AssessmentUsage>;
  /** The monthly call's `data` length, or its failure. */
  monthly?: Answer<number>;
}

const get = <T,>(path: string, value: Answer<T>) =>
  isFailure(value)
    ? answerError('get', path, value.failure.status, value.failure.code)
    : answer('get', path, value);

const monthlyOf = (count: number): MonthlyAssessments => ({
  data: Array.from({ length: count }, (_, i) => ({ id: `m${i}`, title: 't', createdAt: '', deleted: false })),
});

/** Answers the three GETs of the screen. */
function serve({ list, usage = makeUsage(1), monthly = 1 }: Server) {
  server.use(
    get('/assessments/usage', usage),
    get(
      `/assessments/organization/${ORGANIZATION_ID}/monthly`,
      isFailure(monthly) ? monthly : monthlyOf(monthly),
    ),
    get('/assessments', list),
  );
}

const listPaths = () => receivedRequests('GET', '/assessments');
const lastListQuery = () => receivedQuery('GET', '/assessments', -1);

async function renderScreen(viewer: ListViewer, server: Server) {
  serve(server);
  const result = await renderWithProviders(
    <MemoryRouter>
      <AssessmentListScreen viewer={viewer} />
    </MemoryRouter>,
  );
  await flush();
  return result;
}

const table = () => screen.getByRole('table', { name: 'Assessments, sortable by the column headers' });
const rows = () => within(table()).getAllByRole('row').slice(1);

describe('AssessmentListScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('lists the assessments with title, subject and difficulty, status, dates and times', async () => {
    const fractions = makeAssessment({
      title: 'Fractions quiz',
      subject: 'Mathematics',
      difficulty: 'Easy',
      status: 'draft',
      timing: 'upcoming',
    });
    const cells = makeAssessment({
      title: 'Cells',
      subject: 'Biology',
      generationType: 'ai',
      startsAt: null,
      endsAt: null,
      timing: 'notSet',
    });
    await renderScreen(TEACHER, { list: pageOf([fractions, cells]) });
    expect(lastListQuery()).toEqual({ page: '1', pageSize: '20', sort: 'createdAt', order: 'desc' });
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Title',
      'Status',
      'Start date',
      'End date',
      'Start time',
      'End time',
      'Created',
      'Actions',
    ]);
    const [first, second] = rows();
    expect(within(first!).getByRole('link', { name: 'Fractions quiz' })).toHaveAttribute(
      'href',
      `/account/user/questions/${TEACHER.id}/quiz/${fractions.id}/view`,
    );
    expect(within(first!).getByText('Mathematics · Easy')).toBeInTheDocument();
    expect(within(first!).getByText('Upcoming')).toBeInTheDocument();
    expect(within(first!).getByText('Draft')).toBeInTheDocument();
    // What a draft means is said, not only shown: students cannot see it.
    expect(within(first!).getByText('Students cannot see it until it is published.')).toBeInTheDocument();
    expect(within(second!).queryByText('Draft')).not.toBeInTheDocument();
    expect(within(first!).getByText(/Nov 20, 2026/)).toBeInTheDocument();
    expect(within(second!).getByText('Biology · Medium')).toBeInTheDocument();
    expect(within(second!).getByText('AI Generation')).toBeInTheDocument();
    expect(within(second!).getByText('Not set')).toBeInTheDocument();
    expect(screen.getByText('2 assessments')).toBeInTheDocument();
  });

  it('gives staff Submissions, View, Edit, Duplicate and Delete', async () => {
    const quiz = makeAssessment({ title: 'Fractions quiz' });
    await renderScreen(TEACHER, { list: pageOf([quiz]) });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Fractions quiz' }));
    await flush();
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Submissions',
      'View',
      'Edit',
      'Duplicate',
      'Delete',
    ]);
    expect(items[0]).toHaveAttribute('href', `/account/questions/${TEACHER.id}/quiz/${quiz.id}/submissions`);
    expect(items[1]).toHaveAttribute('href', `/account/user/questions/${TEACHER.id}/quiz/${quiz.id}/view`);
    expect(items[2]).toHaveAttribute('href', `/account/user/questions/${TEACHER.id}/quiz/${quiz.id}/edit`);
    expect(screen.queryByRole('link', { name: /Take Assessment/ })).not.toBeInTheDocument();
  });

  it("offers Delete on a colleague's assessment to an Administrator, not to another Teacher", async () => {
    const quiz = makeAssessment({
      title: 'Fractions quiz',
      createdBy: { id: 'colleague-1', name: 'Cole League' },
    });
    const menuItems = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Actions for Fractions quiz' }));
      await flush();
      return within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
    };
    const teacherView = await renderScreen(TEACHER, { list: pageOf([quiz]) });
    expect(await menuItems()).toEqual(['Submissions', 'View', 'Edit', 'Duplicate']);
    teacherView.unmount();
    await renderScreen({ ...TEACHER, role: 'Administrator' }, { list: pageOf([quiz]) });
    expect(await menuItems()).toContain('Delete');
  });

  it('deletes after a confirm dialog naming the assessment', async () => {
    const quiz = makeAssessment({ title: 'Fractions quiz' });
    await renderScreen(TEACHER, { list: pageOf([quiz]) });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Fractions quiz' }));
    await flush();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await flush();
    const dialog = screen.getByRole('dialog', { name: 'Delete “Fractions quiz”?' });
    server.use(answerEmpty('delete', `/assessments/${quiz.id}`));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await flush();
    expect(receivedRequests('DELETE')).toEqual([
      expect.objectContaining({ path: `/assessments/${quiz.id}` }),
    ]);
    expect(toastTexts()).toContain('“Fractions quiz” was deleted.');
    // The list is asked again.
    expect(listPaths().length).toBeGreaterThan(1);
  });

  it('says the assessment was deleted even though its row (and menu) vanish at once', async () => {
    const quiz = makeAssessment({ title: 'Fractions quiz' });
    await renderScreen(TEACHER, { list: pageOf([quiz]) });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Fractions quiz' }));
    await flush();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await flush();
    const dialog = screen.getByRole('dialog', { name: 'Delete “Fractions quiz”?' });
    server.use(answerEmpty('delete', `/assessments/${quiz.id}`));
    // The list asked again no longer has the assessment: its row unmounts before the toast.
    serve({ list: pageOf([]) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await flush();
    await flush();
    expect(screen.queryByText('Fractions quiz')).not.toBeInTheDocument();
    expect(toastTexts()).toContain('“Fractions quiz” was deleted.');
  });

  it('says the delete failed, with the reason', async () => {
    await renderScreen(TEACHER, { list: pageOf([makeAssessment({ title: 'Fractions quiz' })]) });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Fractions quiz' }));
    await flush();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await flush();
    server.use(answerError('delete', '/assessments/:id', 500, 'internal_error'));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await flush();
    expect(toastTexts()[0]).toMatch(/^Failed to delete the assessment\. Please try again\. \| /);
  });

  it('can cancel the delete', async () => {
    await renderScreen(TEACHER, { list: pageOf([makeAssessment({ title: 'Fractions quiz' })]) });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Fractions quiz' }));
    await flush();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await flush();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await flush();
    expect(receivedRequests('DELETE')).toEqual([]);
  });

  it('gives students Take Assessment, View Results and Retake Quiz, and no staff actions', async () => {
    const open = makeAssessment({
      title: 'Open quiz',
      myAttempts: { submitted: 0, inProgressAttemptId: null, canStart: true },
    });
    const done = makeAssessment({
      title: 'Done quiz',
      allowRetake: true,
      myAttempts: { submitted: 1, inProgressAttemptId: null, canStart: true },
    });
    const later = makeAssessment({
      title: 'Later quiz',
      timing: 'upcoming',
      startsAt: '2026-12-05T08:00:00.000Z',
      myAttempts: { submitted: 0, inProgressAttemptId: null, canStart: false },
    });
    await renderScreen(STUDENT, { list: pageOf([open, done, later]) });
    expect(lastListQuery()).toEqual({ page: '1', pageSize: '20', sort: 'startsAt', order: 'desc' });
    expect(screen.getByRole('link', { name: 'Take Assessment: Open quiz' })).toHaveAttribute(
      'href',
      `/account/user/${STUDENT.id}/quiz/${open.id}`,
    );
    expect(screen.getByRole('link', { name: 'View Results: Done quiz' })).toHaveAttribute(
      'href',
      `/account/user/${STUDENT.id}/quiz/${done.id}/my-results`,
    );
    expect(screen.getByRole('link', { name: 'Retake Quiz: Done quiz' })).toHaveAttribute(
      'href',
      `/account/user/${STUDENT.id}/quiz/${done.id}/redo`,
    );
    expect(within(rows()[2]!).getByText(/Opens on Dec 5, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create assessment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Plan and usage' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    // Students are not asked for the plan.
    expect(
      receivedRequests('GET').some(({ path }) => path.includes('usage') || path.includes('monthly')),
    ).toBe(false);
  });

  it("tells a teacher they haven't created any yet, with a create button", async () => {
    await renderScreen(TEACHER, { list: pageOf([]) });
    expect(
      screen.getByRole('heading', { name: "You haven't created any assessments yet." }),
    ).toBeInTheDocument();
    const creates = screen.getAllByRole('link', { name: 'Create assessment' });
    expect(creates).toHaveLength(2);
    for (const link of creates) expect(link).toHaveAttribute('href', `/account/questions/${TEACHER.id}/new`);
  });

  it('tells a student that nothing is assigned', async () => {
    await renderScreen(STUDENT, { list: pageOf([]) });
    expect(
      screen.getByRole('heading', { name: 'No assessments are assigned to you yet.' }),
    ).toBeInTheDocument();
  });

  it('shows Error loading assessments with a retry', async () => {
    await renderScreen(TEACHER, { list: fails(500, 'internal_error') });
    expect(screen.getByRole('heading', { name: 'Error loading assessments' })).toBeInTheDocument();
    serve({ list: pageOf([makeAssessment({ title: 'Back again' })]) });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await flush();
    expect(screen.getByText('Back again')).toBeInTheDocument();
  });

  it('searches on the server once typing pauses, and filters', async () => {
    await renderScreen(TEACHER, { list: pageOf([makeAssessment()]) });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'fract' } });
    await elapse(100);
    expect(lastListQuery().search).toBeUndefined();
    await elapse(300);
    expect(lastListQuery()).toMatchObject({ search: 'fract', page: '1' });

    fireEvent.click(screen.getByRole('combobox', { name: 'Timing' }));
    await flush();
    fireEvent.click(screen.getByRole('option', { name: 'Upcoming' }));
    await flush();
    expect(lastListQuery()).toMatchObject({ search: 'fract', timing: 'upcoming' });
  });

  it('sorts by a column header', async () => {
    await renderScreen(TEACHER, { list: pageOf([makeAssessment()]) });
    fireEvent.click(screen.getByRole('button', { name: 'Title' }));
    await flush();
    expect(lastListQuery()).toMatchObject({ sort: 'title', order: 'asc' });
  });

  describe('usage card', () => {
    it('shows the plan, this month against the allowance, what remains and the types', async () => {
      await renderScreen(TEACHER, { list: pageOf([makeAssessment()]), usage: makeUsage(3), monthly: 3 });
      const card = screen.getByRole('region', { name: 'Plan and usage' });
      expect(within(card).getByText('Free package')).toBeInTheDocument();
      expect(within(card).queryByText('Active')).not.toBeInTheDocument();
      expect(within(card).getByText('Assessments created this month')).toBeInTheDocument();
      expect(within(card).getByText('3 / 5')).toBeInTheDocument();
      expect(
        within(card).getByText(
          'Every assessment created this month counts, deleted ones too: deleting an assessment does not give the allowance back.',
        ),
      ).toBeInTheDocument();
      expect(within(card).getByText('2')).toBeInTheDocument();
      expect(
        within(card).getByRole('progressbar', { name: "Share of this month's assessments used" }),
      ).toHaveAttribute('aria-valuenow', '60');
      expect(within(card).getByText('The allowance restarts on Dec 1, 2026.')).toBeInTheDocument();
      fireEvent.click(within(card).getByRole('button', { name: '5 question types' }));
      await flush();
      expect(screen.getByText('Multiple Choice')).toBeInTheDocument();
      expect(screen.queryByText(/Upgrade/)).not.toBeInTheDocument();
      expect(screen.getAllByRole('link', { name: 'Create assessment' })[0]).toBeInTheDocument();
    });

    it('at the limit: the upgrade prompt and a disabled create button', async () => {
      await renderScreen(TEACHER, { list: pageOf([makeAssessment()]), usage: makeUsage(5), monthly: 5 });
      expect(screen.getByText('5 / 5')).toBeInTheDocument();
      expect(screen.getByText('Upgrade Free to create another assessment')).toBeInTheDocument();
      const create = screen.getByRole('button', { name: 'Create assessment' });
      expect(create).toBeDisabled();
      expect(create).toHaveAccessibleDescription(/Upgrade Free to create another assessment/);
      expect(screen.queryByRole('link', { name: 'Create assessment' })).not.toBeInTheDocument();
      // A Teacher cannot open the subscription screen: the prompt is words, not a link.
      expect(screen.queryByRole('link', { name: /Upgrade Free/ })).not.toBeInTheDocument();
    });

    it("at the limit an Administrator's upgrade prompt leads to the subscription screen", async () => {
      await renderScreen(
        { ...TEACHER, role: 'Administrator' },
        { list: pageOf([makeAssessment()]), usage: makeUsage(5), monthly: 5 },
      );
      expect(screen.getByRole('link', { name: 'Upgrade Free to create another assessment' })).toHaveAttribute(
        'href',
        '/account/subscription',
      );
    });

    it('counts a 400 of the monthly call as 0', async () => {
      await renderScreen(TEACHER, {
        list: pageOf([makeAssessment()]),
        usage: makeUsage(0),
        monthly: fails(400, 'validation_error'),
      });
      expect(screen.getByText('0 / 5')).toBeInTheDocument();
      expect(screen.queryByText('Failed to fetch monthly assessments.')).not.toBeInTheDocument();
    });

    it('says Failed to fetch monthly assessments. when the monthly call fails otherwise', async () => {
      await renderScreen(TEACHER, {
        list: pageOf([makeAssessment()]),
        usage: makeUsage(2),
        monthly: fails(500, 'internal_error'),
      });
      expect(screen.getByText('Failed to fetch monthly assessments.')).toBeInTheDocument();
    });

    it('shows Unlimited for an unlimited plan', async () => {
      await renderScreen(TEACHER, {
        list: pageOf([makeAssessment()]),
        usage: makeUsage(7, {
          plan: {
            name: 'Enterprise',
            productName: 'Vbuilder Enterprise',
            monthlyAssessments: null,
            allowedTypes: ['essay'],
          },
          status: 'active',
          remaining: null,
          limitReached: false,
        }),
        monthly: 7,
      });
      const card = screen.getByRole('region', { name: 'Plan and usage' });
      expect(within(card).getByText('Enterprise package')).toBeInTheDocument();
      expect(within(card).getByText('Active')).toBeInTheDocument();
      expect(within(card).getByText('7 / Unlimited')).toBeInTheDocument();
      expect(within(card).getByText('Unlimited')).toBeInTheDocument();
      expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    });
  });
});
