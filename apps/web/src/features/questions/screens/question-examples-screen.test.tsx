import type { ReactNode } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  exampleAsJson5Text,
  QUESTION_EXAMPLE_LIST,
  QUESTION_EXAMPLES,
  QUESTION_TYPES,
} from '@vbuilder/shared';
import { makeQuestionExamplesResponse } from '../../../test/fixtures.ts';
import { answer, answerError, receivedRequests, server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { ExampleErrorBoundary } from './example-error-boundary.tsx';
import { ExampleView } from './example-view.tsx';
import { entriesOf, ExampleTabs, QuestionExamplesScreen } from './question-examples-screen.tsx';

const withRouter = (ui: ReactNode, path = '/account/questiontype/questionexamples') => (
  <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
);
const ENTRIES = entriesOf(QUESTION_EXAMPLE_LIST);
const textOf = (typeId: keyof typeof QUESTION_EXAMPLES) => exampleAsJson5Text(QUESTION_EXAMPLES[typeId]);

describe('Question examples', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();
  beforeEach(() => {
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => vi.restoreAllMocks());

  it('has a vertical tab per question type, the first one open', async () => {
    await renderWithProviders(withRouter(<ExampleTabs entries={ENTRIES} />));
    const list = screen.getByRole('tablist', { name: 'Question types' });
    expect(list).toHaveAttribute('aria-orientation', 'vertical');
    const tabs = within(list).getAllByRole('tab');
    expect(tabs).toHaveLength(QUESTION_TYPES.length);
    expect(tabs[0]).toHaveTextContent('Multiple Choice');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Multiple Choice' })).toBeInTheDocument();
  });

  it('opens the tab named in the address and switches tabs', async () => {
    await renderWithProviders(withRouter(<ExampleTabs entries={ENTRIES} />, '/x?type=coding'));
    expect(screen.getByRole('tab', { name: 'Coding' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/return letters == letters\[::-1\]/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Timeline Assignments' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Timeline Assignments' })).toBeInTheDocument();
  });

  it('shows the score badge, the max-words badge, question, options and expected answer', async () => {
    await renderWithProviders(
      withRouter(<ExampleView typeId="short-answers" text={textOf('short-answers')} />),
    );
    expect(screen.getByText('Score: 3 points')).toBeInTheDocument();
    expect(screen.getByText('Max 50 words')).toBeInTheDocument();
    expect(screen.getByText(QUESTION_EXAMPLES['short-answers'].question)).toBeInTheDocument();
    const answer = screen.getByRole('heading', { name: 'Expected answer' }).closest('section')!;
    expect(answer).toHaveTextContent('Photosynthesis');
  });

  it('has no max-words badge when the example has none; lists the options', async () => {
    await renderWithProviders(
      withRouter(<ExampleView typeId="multiple-choice" text={textOf('multiple-choice')} />),
    );
    expect(screen.getByText('Score: 2 points')).toBeInTheDocument();
    expect(screen.queryByText(/^Max \d+ words$/)).not.toBeInTheDocument();
    const options = screen.getByRole('heading', { name: 'Options' }).closest('section')!;
    expect(
      within(options)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Oxygen', 'Carbon dioxide', 'Nitrogen', 'Hydrogen']);
  });

  it('copies real JSON (not JSON5) from the buttons at the top and the bottom, with the note', async () => {
    await renderWithProviders(withRouter(<ExampleView typeId="essay" text={textOf('essay')} />));
    expect(screen.getAllByText('Use this example as a template for your assessments')).toHaveLength(2);
    const buttons = screen.getAllByRole('button', { name: /Copy JSON/ });
    expect(buttons).toHaveLength(2);
    for (const button of buttons) {
      await act(async () => fireEvent.click(button));
    }
    expect(writeText).toHaveBeenCalledTimes(2);
    const copied = writeText.mock.lastCall![0];
    expect(textOf('essay')).toContain("type: 'Essay Questions'");
    expect(copied).toContain('"type": "Essay Questions"');
    expect(copied).not.toContain("'");
    expect(JSON.parse(copied)).toEqual(QUESTION_EXAMPLES.essay);
    expect(copied).toBe(JSON.stringify(JSON.parse(copied), null, 2));
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'The Essay Questions example is on your clipboard.' }),
    );
  });

  it('says so when the browser refuses to copy', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    await renderWithProviders(withRouter(<ExampleView typeId="essay" text={textOf('essay')} />));
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: /Copy JSON/ })[0]!));
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Not copied', color: 'red' }),
    );
  });

  it('shows Drag & Drop items, zones and the correct answers by zone', async () => {
    await renderWithProviders(
      withRouter(<ExampleView typeId="drag-and-drop" text={textOf('drag-and-drop')} />),
    );
    const parts = screen.getByRole('heading', { name: 'Drag items and drop zones' }).closest('section')!;
    expect(parts).toHaveTextContent('Drag items');
    expect(within(parts).getByText('Salamander')).toBeInTheDocument();
    expect(within(parts).getByText('Reptiles')).toBeInTheDocument();
    const answers = screen.getByRole('heading', { name: 'Correct answers' }).closest('section')!;
    expect(within(answers).getByRole('row', { name: /Amphibians/ })).toHaveTextContent('Frog, Salamander');
  });

  it("shows 'Invalid Drag & Drop options format' for bad options", async () => {
    const bad = `{ type: 'Drag & Drop', question: 'Sort them.', options: ['Frog', 'Eagle'], answer: {}, score: 4, instructions: 'Sort.' }`;
    await renderWithProviders(withRouter(<ExampleView typeId="drag-and-drop" text={bad} />));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid Drag & Drop options format');
    expect(screen.getByText('Sort them.')).toBeInTheDocument();
  });

  it('shows Annotated Texts as a link and a theory/comment list, or the format error', async () => {
    const { unmount } = await renderWithProviders(
      withRouter(<ExampleView typeId="annotated-texts" text={textOf('annotated-texts')} />),
    );
    expect(screen.getByRole('link', { name: /gutenberg\.org/ })).toHaveAttribute(
      'href',
      'https://www.gutenberg.org/ebooks/1342',
    );
    expect(screen.getByText('Feminist criticism')).toBeInTheDocument();
    expect(screen.getByText(/opening sentence present marriage/)).toBeInTheDocument();
    unmount();

    const bad = `{ type: 'Annotated Texts', question: 'Annotate.', options: { items: ['no theory'] }, answer: 'x', score: 5, instructions: 'Go.' }`;
    await renderWithProviders(withRouter(<ExampleView typeId="annotated-texts" text={bad} />));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid Annotated Texts options format');
  });

  it('shows VR Assignments with the experience to open and its tasks', async () => {
    await renderWithProviders(
      withRouter(<ExampleView typeId="vr-assignments" text={textOf('vr-assignments')} />),
    );
    expect(screen.getByRole('link', { name: /Open the VR experience/ })).toHaveAttribute(
      'href',
      'https://www.nasa.gov/international-space-station/',
    );
    expect(screen.getByText('International Space Station tour')).toBeInTheDocument();
    expect(screen.getByText('Note one adaptation in each place.')).toBeInTheDocument();
  });

  it('shows the parse error and the raw text when the example cannot be read', async () => {
    const broken = "{ type: 'MCQ', question: 'Unclosed }";
    await renderWithProviders(withRouter(<ExampleView typeId="multiple-choice" text={broken} />));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This example could not be read');
    expect(alert).toHaveTextContent(/JSON5/);
    expect(screen.getByText(broken)).toBeInTheDocument();
    // The raw text can still be copied.
    expect(screen.getAllByRole('button', { name: /Copy JSON/ })).toHaveLength(2);
  });

  it('shows the raw text when the example lacks its fields', async () => {
    await renderWithProviders(
      withRouter(<ExampleView typeId="multiple-choice" text="{ type: 'MCQ', score: 99 }" />),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('question');
    expect(screen.getByText("{ type: 'MCQ', score: 99 }")).toBeInTheDocument();
  });

  it("shows 'Error rendering this content' when a tab's content crashes", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Crash = () => {
      throw new Error('boom');
    };
    await renderWithProviders(
      <ExampleErrorBoundary>
        <Crash />
      </ExampleErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error rendering this content');
  });

  it('loads the examples from the API under the page title', async () => {
    server.use(answer('get', '/question-types/examples', makeQuestionExamplesResponse()));
    await renderWithProviders(withRouter(<QuestionExamplesScreen />));
    expect(screen.getByRole('heading', { level: 1, name: 'Question Type Examples' })).toBeInTheDocument();
    expect(await screen.findAllByRole('tab')).toHaveLength(QUESTION_TYPES.length);
    expect(receivedRequests('GET', '/question-types/examples')).toHaveLength(1);
  });

  it('offers a retry when the examples cannot be loaded', async () => {
    server.use(answerError('get', '/question-types/examples', 500, 'internal_error', { message: 'Boom' }));
    await renderWithProviders(withRouter(<QuestionExamplesScreen />));
    expect(await screen.findByText('The examples could not be loaded')).toBeInTheDocument();
    server.use(answer('get', '/question-types/examples', makeQuestionExamplesResponse()));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('tab')).toHaveLength(QUESTION_TYPES.length);
  });
});
