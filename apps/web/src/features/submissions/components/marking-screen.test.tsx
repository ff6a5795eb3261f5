import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, receivedBody, receivedRequests, server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { essayQuestion, makeDetail, makeMarkingView, mcqQuestion } from '../test-utils.ts';
import { RichTextView } from '../../../components/questions/families/open/rich-text-view.tsx';
import { MarkingScreen } from './marking-screen.tsx';

const VIEW = '/assessments/assessment-1/marking/student-1';
const MARKS = '/attempts/attempt-1/marks';

function renderScreen() {
  return renderWithProviders(
    <MemoryRouter>
      <MarkingScreen
        assessmentId="assessment-1"
        studentId="student-1"
        backTo="/account/questions/teacher-1/quiz/assessment-1/submissions"
      />
    </MemoryRouter>,
  );
}

const scoreInput = () => screen.getByRole('textbox', { name: /Score \(out of 5\)/ });

describe('MarkingScreen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the assessment, the student, the answer waiting and the model answer', async () => {
    server.use(answer('get', VIEW, makeMarkingView()));
    await renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Marking Amina Njeri' })).toBeInTheDocument();
    expect(receivedRequests('GET', VIEW)).toHaveLength(1);
    expect(screen.getByText('Plants')).toBeInTheDocument();
    expect(screen.getByText('Biology')).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 answer to mark' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Explain photosynthesis.' })).toBeInTheDocument();
    expect(screen.getByText('Light becomes chemical energy.')).toBeInTheDocument();
    expect(screen.getByText('5: complete')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 automatically marked question' })).toBeInTheDocument();
  });

  it('blocks a score outside 0..max and a missing score, and sends nothing', async () => {
    server.use(answer('get', VIEW, makeMarkingView()));
    await renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Marking Amina Njeri' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit all marks' }));
    expect(await screen.findByText('Enter a score.')).toBeInTheDocument();
    fireEvent.change(scoreInput(), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit all marks' }));
    expect(await screen.findByText('Enter a score from 0 to 5.')).toBeInTheDocument();
    expect(scoreInput()).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(scoreInput(), { target: { value: '2.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit all marks' }));
    expect(await screen.findByText('Use whole or half points (for example 2 or 2.5).')).toBeInTheDocument();
    expect(receivedRequests('POST')).toEqual([]);
  });

  it('submits every mark in one call, says marks submitted and shows the new score and pass state', async () => {
    server.use(answer('get', VIEW, makeMarkingView()));
    server.use(
      answer(
        'post',
        MARKS,
        makeDetail({
          status: 'Submitted',
          markingStatus: 'marked',
          score: 6.5,
          percentage: 92.86,
          passed: true,
          questions: [
            mcqQuestion(),
            essayQuestion({ score: 4.5, correct: false, markStatus: 'marked', needsMarking: false }),
          ],
        }),
      ),
    );
    await renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Marking Amina Njeri' });
    fireEvent.change(scoreInput(), { target: { value: '4.5' } });
    fireEvent.change(screen.getAllByRole('textbox', { name: /Feedback for the student/ })[0]!, {
      target: { value: 'Clear, but name chlorophyll.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit all marks' }));
    await waitFor(() => expect(receivedRequests('POST', MARKS)).toHaveLength(1));
    expect(await receivedBody('POST', MARKS)).toEqual({
      marks: [
        { questionId: 'q2', score: 4.5, feedback: 'Clear, but name chlorophyll.', expectedMarkedAt: null },
      ],
    });
    expect(await screen.findByText('New score: 6.5 / 7 (92.9%)')).toBeInTheDocument();
    expect(screen.getAllByText('Passed').length).toBeGreaterThan(0);
    expect(vi.mocked(notifications.show).mock.calls.map(([n]) => n.message)).toContain('marks submitted');
  });

  it('explains a refused submit with the reason', async () => {
    server.use(answer('get', VIEW, makeMarkingView()), answerError('post', MARKS, 400, 'score_out_of_range'));
    await renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Marking Amina Njeri' });
    fireEvent.change(scoreInput(), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit all marks' }));
    const alert = await screen.findByText('Failed to submit marks. Please try again.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(
      'A score is outside the points this question allows.',
    );
  });

  it.each([
    ['no_submission', 404, 'No submission found for this student'],
    ['not_found', 404, 'Assessment details or questions not found'],
    ['internal_error', 500, 'Data Not Available'],
  ])('a %s answer reads "%s"', async (code, status, text) => {
    server.use(answerError('get', VIEW, status as number, code as string));
    await renderScreen();
    expect(await screen.findByText(text as string)).toBeInTheDocument();
  });
});

describe('RichTextView', () => {
  it('keeps formatting and drops scripts and event attributes from a stored answer', async () => {
    const { container } = await renderWithProviders(
      <RichTextView
        html={'<p>Plants <em>grow</em><img src="x" onerror="alert(1)"></p><script>alert(2)</script>'}
        labelledBy="x"
      />,
    );
    await screen.findByText('grow');
    expect(container.querySelector('em')).toHaveTextContent('grow');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.innerHTML).not.toContain('alert');
  });
});
