import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { typesOfPlan, PLANS, type AssessmentInput, type AssessmentUsage } from '@vbuilder/shared';
import { makeFullAssessment } from '../../../../test/fixtures.ts';
import {
  answerAuthConfig,
  answerError,
  apiUrl,
  http,
  HttpResponse,
  receivedBody,
  receivedRequests,
  server,
} from '../../../../test/msw-server.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { AssessmentWizard } from './assessment-wizard.tsx';
import { draftKey } from './wizard-draft.ts';

/** POST /assessments answers with the assessment created from what was sent. */
const createsAssessment = () =>
  http.post(apiUrl('/assessments'), async ({ request }) => {
    const sent = (await request.json()) as AssessmentInput;
    return HttpResponse.json(makeFullAssessment({ id: 'new-id', title: sent.title, status: sent.status }));
  });

const USER_ID = '0b7c2f0e-6d1c-4a53-9d0f-1f5c2b7a9e11';

const usage = (overrides: Partial<AssessmentUsage> = {}): AssessmentUsage => ({
  plan: {
    name: 'Free',
    productName: 'Vbuilder Free',
    monthlyAssessments: 5,
    allowedTypes: typesOfPlan(PLANS.Free),
  },
  status: 'free',
  usedThisMonth: 1,
  remaining: 4,
  limitReached: false,
  resetsAt: '2030-02-01T00:00:00.000Z',
  ...overrides,
});

function renderWizard(plan = usage()) {
  // The generation panel of the last step asks whether the server has a language model.
  server.use(answerAuthConfig(true));
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/account/questions/${USER_ID}/new`]}>
      <Routes>
        <Route
          path="/account/questions/:userId/new"
          element={
            <AssessmentWizard
              userId={USER_ID}
              usage={plan}
              defaultLanguage="en"
              defaultInstructor="Tom Teacher"
              listPath={`/account/questions/${USER_ID}`}
            />
          }
        />
        <Route path="/account/questions/:userId" element={<p>The list</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const stepHeading = () => screen.getByRole('heading', { level: 2 }).textContent;

/** Steps 1–3 filled for a manual assessment with a true/false question. */
async function reachQuestions() {
  fireEvent.click(screen.getByRole('checkbox', { name: 'True/False' }));
  next();
  fireEvent.click(screen.getByRole('radio', { name: /Manual Selection/ }));
  next();
  fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Cells' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Biology' } });
  next();
  await screen.findByRole('heading', { name: 'Set Questions', level: 2 });
}

describe('AssessmentWizard', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('checks each step before the next and goes back without losing anything', async () => {
    await renderWizard();
    expect(stepHeading()).toBe('Select Questions');
    // Types outside the plan are shown disabled with the tier that has them.
    expect(screen.getByRole('checkbox', { name: 'Essay Questions' })).toBeDisabled();
    expect(screen.getAllByText('Professional').length).toBeGreaterThan(1);

    next();
    expect(screen.getByText('Please select at least one question type')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Multiple Choice' }));
    // The message follows the values.
    expect(screen.queryByText('Please select at least one question type')).not.toBeInTheDocument();
    next();

    expect(stepHeading()).toBe('Choose Generation Type');
    next();
    expect(screen.getByText('Choose AI Generation or Manual Selection.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /Manual Selection/ }));
    next();

    expect(stepHeading()).toBe('Set Assessment Details');
    next();
    expect(screen.getByText('Enter a title for the assessment.')).toBeInTheDocument();
    expect(screen.getByText('Enter the subject.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus());
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Cells' } });
    expect(screen.queryByText('Enter a title for the assessment.')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepHeading()).toBe('Choose Generation Type');
    expect(screen.getByRole('radio', { name: /Manual Selection/ })).toBeChecked();
    next();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Cells');
  });

  it('keeps the draft in localStorage and restores it after a remount, until discarded', async () => {
    const first = await renderWizard();
    fireEvent.click(screen.getByRole('checkbox', { name: 'True/False' }));
    next();
    fireEvent.click(screen.getByRole('radio', { name: /AI Generation/ }));
    next();
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Cells' } });
    const stored = JSON.parse(localStorage.getItem(draftKey(USER_ID))!) as {
      step: number;
      details: { title: string };
    };
    expect(stored.step).toBe(2);
    expect(stored.details.title).toBe('Cells');
    first.unmount();

    await renderWizard();
    expect(screen.getByText('Draft restored: you can carry on where you left off.')).toBeInTheDocument();
    expect(stepHeading()).toBe('Set Assessment Details');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Cells');

    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    expect(stepHeading()).toBe('Select Questions');
    expect(localStorage.getItem(draftKey(USER_ID))).toBeNull();
  });

  it('submits a manual assessment with the details and questions as the API takes them', async () => {
    server.use(createsAssessment());
    await renderWizard();
    await reachQuestions();
    // One empty question of the chosen type, which must be completed first.
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/1 question needs attention/)).toBeInTheDocument();
    expect(receivedRequests('POST')).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: 'Question' }), {
      target: { value: 'Cells divide.' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    // No silent default: publish now or keep as draft is asked on this last step.
    expect(screen.getByRole('radio', { name: /Publish now/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Keep as draft/ })).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Choose whether to publish the assessment now or keep it as a draft.'),
    ).toBeInTheDocument();
    expect(receivedRequests('POST')).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: /Keep as draft/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    await screen.findByText('The list');
    expect(receivedRequests('POST')).toEqual([
      expect.objectContaining({ method: 'POST', path: '/assessments' }),
    ]);
    expect(await receivedBody('POST', '/assessments')).toMatchObject({
      title: 'Cells',
      subject: 'Biology',
      difficulty: 'Medium',
      generationType: 'manual',
      startsAt: null,
      endsAt: null,
      dueAt: null,
      durationMinutes: null,
      passMark: 50,
      language: 'en',
      instructor: 'Tom Teacher',
      status: 'draft',
      reviewPolicy: 'afterSubmission',
      assignment: { mode: 'all' },
      questions: [{ type: 'true-false', text: 'Cells divide.', score: 1, config: { correct: true } }],
    });
    expect(localStorage.getItem(draftKey(USER_ID))).toBeNull();
    const toast = vi.mocked(notifications.show).mock.calls.at(-1)![0];
    expect(toast.message).toBe('Assessment “Cells” created.');
    // The success message says the new assessment is a draft, invisible to students.
    expect(toast.title).toBe('Kept as a draft: only staff can see it');
  });

  it('publishes when asked to, and says students can take it', async () => {
    server.use(createsAssessment());
    await renderWizard();
    await reachQuestions();
    fireEvent.click(screen.getByRole('button', { name: 'Edit question 1' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Question' }), {
      target: { value: 'Cells divide.' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    fireEvent.click(screen.getByRole('radio', { name: /Publish now/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('The list');
    expect(await receivedBody('POST', '/assessments')).toMatchObject({ status: 'published' });
    expect(vi.mocked(notifications.show).mock.calls.at(-1)![0].title).toBe(
      'Published: assigned students can take it',
    );
  });

  it('says why creating failed, with the upgrade prompt at the monthly limit', async () => {
    server.use(answerError('post', '/assessments', 409, 'monthly_limit_reached'));
    await renderWizard();
    await reachQuestions();
    fireEvent.click(screen.getByRole('button', { name: 'Edit question 1' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Question' }), {
      target: { value: 'Cells divide.' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    fireEvent.click(screen.getByRole('radio', { name: /Keep as draft/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Upgrade Free to create another assessment')).toBeInTheDocument();
    expect(screen.getByText('Error: Failed to create assessment')).toBeInTheDocument();
    // The draft stays for another try.
    expect(localStorage.getItem(draftKey(USER_ID))).not.toBeNull();
  });

  it('at the monthly limit says so on the first step and lets nothing go on (no Next, no AI call, no Submit)', async () => {
    const full = usage({ usedThisMonth: 5, remaining: 0, limitReached: true });
    await renderWizard(full);
    expect(stepHeading()).toBe('Select Questions');
    expect(screen.getByText('Upgrade Free to create another assessment')).toBeInTheDocument();
    expect(screen.getByText(/This month's allowance is used up/)).toHaveTextContent(
      /restarts on Feb 1, 2030/,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'True/False' }));
    const nextButton = screen.getByRole('button', { name: 'Next' });
    expect(nextButton).toBeDisabled();
    expect(nextButton).toHaveAccessibleDescription(/Upgrade Free to create another assessment/);
  });

  it('at the monthly limit a restored draft on the last step can neither generate nor submit', async () => {
    localStorage.setItem(
      draftKey(USER_ID),
      JSON.stringify({
        version: 1,
        step: 3,
        types: [{ type: 'true-false', count: 1 }],
        generationType: 'ai',
        details: { title: 'Cells', subject: 'Biology', language: 'en' },
        questions: [],
      }),
    );
    await renderWizard(usage({ usedThisMonth: 5, remaining: 0, limitReached: true }));
    expect(await screen.findByRole('heading', { name: 'Set Questions', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Generate/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(receivedRequests('POST')).toEqual([]);
  });

  it('sends the server back to the details step when it refuses a field', async () => {
    server.use(
      answerError('post', '/assessments', 400, 'validation_error', {
        details: [{ path: ['subject'], message: 'assessments.errors.subjectTooLong' }],
      }),
    );
    await renderWizard();
    await reachQuestions();
    fireEvent.click(screen.getByRole('button', { name: 'Edit question 1' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Question' }), {
      target: { value: 'Cells divide.' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    fireEvent.click(screen.getByRole('radio', { name: /Keep as draft/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The subject is too long (at most 120 characters).')).toBeInTheDocument();
    expect(stepHeading()).toBe('Set Assessment Details');
  });
});
