import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  QUESTION_EXAMPLES,
  exampleToQuestion,
  type AiAddedToAssessment,
  type AiCard,
  type AiChatEvent,
  type AiConversation,
  type AiConversationList,
  type AiMessage,
  type Question,
} from '@vbuilder/shared';
import {
  HttpResponse,
  answer,
  answerError,
  apiUrl,
  http,
  receivedBody,
  receivedRequests,
  server,
  answerAuthConfig,
} from '../../../../test/msw-server.ts';
import { renderWithRouter } from '../../../../test/providers.tsx';
import { makeAssessment, makeUsage, pageOf } from '../../lib/test-utils.ts';
import { AssistantScreen } from './assistant-screen.tsx';

const USER_ID = 'teacher-1';
/** findBy* waits this long: the mock server and the render share a busy machine. */
const SLOW = { timeout: 10_000 };
const CONVERSATION = {
  id: 'c1',
  title: 'Photosynthesis',
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
};

const card = (type: 'multiple-choice' | 'true-false', id: string, passage: string | null): AiCard => ({
  question: exampleToQuestion(QUESTION_EXAMPLES[type], id) as Question,
  passage,
});
const CARDS = [
  card('multiple-choice', 'q1', 'Plants take in carbon dioxide.'),
  card('true-false', 'q2', 'Sound travels faster in water.'),
];

const message = (overrides: Partial<AiMessage>): AiMessage => ({
  id: 'm0',
  role: 'user',
  content: '',
  source: null,
  request: null,
  cards: [],
  dropped: [],
  status: 'complete',
  error: null,
  createdAt: '2026-11-20T10:00:00Z',
  ...overrides,
});
const USER_MESSAGE = message({
  id: 'm1',
  content: 'Two questions please',
  source: { name: 'plants.pdf', characters: 120 },
  request: {
    types: [{ type: 'multiple-choice', count: 2 }],
    difficulty: 'Easy',
    bloomLevel: 'remember',
    language: 'en',
  },
});
const ANSWER = message({ id: 'm2', role: 'assistant', content: 'Here are your questions.', cards: CARDS });

const DROPPED = [
  { index: 3, reasons: ['Question 3 repeats question 1'] },
  { index: 4, reasons: ['Question 4 must have exactly one correct answer, not 2'] },
];

/** An SSE body of these events; `open` leaves the stream open (an answer still being written). */
function sse(events: AiChatEvent[], { open = false } = {}) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const { event, data } of events)
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      if (!open) controller.close();
    },
  });
}
const answerChat = (events: AiChatEvent[], options?: { open?: boolean }) =>
  http.post(
    apiUrl('/ai/chat'),
    () => new HttpResponse(sse(events, options), { headers: { 'content-type': 'text/event-stream' } }),
  );

/** GET /api/auth/config: the page's configuration, here only whether a model is configured. */
const serveConfig = (aiConfigured: boolean) => server.use(answerAuthConfig(aiConfigured));

function renderScreen(
  route = `/account/aiassistant/${USER_ID}`,
  conversations: AiConversationList['conversations'] = [],
  { aiConfigured = true } = {},
) {
  serveConfig(aiConfigured);
  server.use(
    answer('get', '/assessments/usage', makeUsage(0)),
    answer('get', '/ai/conversations', { conversations } satisfies AiConversationList),
  );
  return renderWithRouter(
    <AssistantScreen userId={USER_ID} language="en" />,
    route,
    '/account/aiassistant/:userId',
  );
}

describe('AssistantScreen', { timeout: 30_000 }, () => {
  it('streams an answer: the prose, the cards with their passages and the dropped items with why', async () => {
    const user = userEvent.setup();
    server.use(
      answerChat([
        { event: 'conversation', data: { conversation: CONVERSATION, message: USER_MESSAGE } },
        { event: 'delta', data: { text: 'Here are ' } },
        { event: 'delta', data: { text: 'your questions.' } },
        { event: 'card', data: CARDS[0]! },
        { event: 'card', data: CARDS[1]! },
        { event: 'dropped', data: { index: 3, reasons: ['Question 3 repeats question 1'] } },
        {
          event: 'dropped',
          data: { index: 4, reasons: ['Question 4 must have exactly one correct answer, not 2'] },
        },
        {
          event: 'done',
          data: {
            message: { ...ANSWER, dropped: DROPPED },
          },
        },
      ]),
      answer('get', '/ai/conversations/c1', {
        ...CONVERSATION,
        messages: [USER_MESSAGE, { ...ANSWER, dropped: DROPPED }],
      } satisfies AiConversation),
    );
    await renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'AI Assistant' }, SLOW)).toBeInTheDocument();
    expect(
      await screen.findByRole('textbox', { name: 'Number of Multiple Choice questions' }, SLOW),
    ).toHaveValue('3');

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Two questions please');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Here are your questions.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('2 questions')).toBeInTheDocument();
    expect(screen.getByText('Plants take in carbon dioxide.')).toBeInTheDocument();
    expect(screen.getByText('Sound travels faster in water.')).toBeInTheDocument();
    expect(screen.getByText('2 questions were dropped:')).toBeInTheDocument();
    expect(screen.getByText('Question 3 repeats question 1')).toBeInTheDocument();
    expect(screen.getByText('Question 4 must have exactly one correct answer, not 2')).toBeInTheDocument();
    // The teacher's turn, as stored: the source by name and what was asked for.
    expect(screen.getByText('Source: plants.pdf (120 characters)')).toBeInTheDocument();
    expect(screen.getByText('Asked for 2 questions · Easy · Remember')).toBeInTheDocument();

    expect(await receivedBody('POST', '/ai/chat')).toEqual({
      message: 'Two questions please',
      questions: {
        types: [{ type: 'multiple-choice', count: 3 }],
        difficulty: 'Medium',
        bloomLevel: 'understand',
        language: 'en',
      },
    });
    expect(receivedRequests('POST', '/ai/chat')[0]!.headers.get('accept')).toBe('text/event-stream');
  });

  it('stops a running answer: the request is aborted and Send returns', async () => {
    const user = userEvent.setup();
    let aborted = false;
    server.use(
      http.post(apiUrl('/ai/chat'), ({ request }) => {
        request.signal.addEventListener('abort', () => {
          aborted = true;
        });
        return new HttpResponse(
          sse(
            [
              { event: 'conversation', data: { conversation: CONVERSATION, message: USER_MESSAGE } },
              { event: 'delta', data: { text: 'Writing your questions' } },
            ],
            { open: true },
          ),
          { headers: { 'content-type': 'text/event-stream' } },
        );
      }),
      answer('get', '/ai/conversations/c1', {
        ...CONVERSATION,
        messages: [USER_MESSAGE],
      } satisfies AiConversation),
    );
    await renderScreen();
    await screen.findByRole('textbox', { name: 'Number of Multiple Choice questions' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Writing your questions', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Writing…')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('button', { name: 'Send' }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(aborted).toBe(true), SLOW);
  });

  it('says the key is missing (docs/product/messages.md) when the server refuses before streaming, keeping the typed prompt', async () => {
    const user = userEvent.setup();
    server.use(answerError('post', '/ai/chat', 503, 'ai_key_missing'));
    await renderScreen();
    await screen.findByRole('textbox', { name: 'Number of Multiple Choice questions' }, SLOW);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Questions on the water cycle');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert', undefined, SLOW)).toHaveTextContent('OpenAI API key is missing.');
    // Refused before anything was stored: what the teacher typed is still there to send again.
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Questions on the water cycle');
  });

  it('says before Send that no model is set up, to ask the administrator, and keeps Send off', async () => {
    const user = userEvent.setup();
    await renderScreen(undefined, [], { aiConfigured: false });
    expect(
      await screen.findByText('The AI assistant is not set up yet', undefined, SLOW),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/This server has no language model key.*Ask your administrator to set it up\./),
    ).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(/Ask your administrator to set it up/);
    // The teacher can still write (and keep) a prompt; nothing is sent.
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Five questions on fractions');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Five questions on fractions');
    expect(receivedRequests('POST', '/ai/chat')).toHaveLength(0);
  });

  it('empties the composer once the server has taken the message', async () => {
    const user = userEvent.setup();
    server.use(
      answerChat([
        { event: 'conversation', data: { conversation: CONVERSATION, message: USER_MESSAGE } },
        { event: 'done', data: { message: ANSWER } },
      ]),
      answer('get', '/ai/conversations/c1', { ...CONVERSATION, messages: [USER_MESSAGE, ANSWER] }),
    );
    await renderScreen();
    await screen.findByRole('textbox', { name: 'Number of Multiple Choice questions' }, SLOW);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Two questions please');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Here are your questions.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('explains an answer without usable questions in a sentence, never its raw text, and retries the request', async () => {
    const user = userEvent.setup();
    const broken = message({
      id: 'm2',
      role: 'assistant',
      content: '',
      error: { code: 'ai_no_questions_array', message: 'Response must contain a questions array' },
    });
    server.use(
      answer('get', '/ai/conversations/c1', { ...CONVERSATION, messages: [USER_MESSAGE, broken] }),
      answerChat([
        { event: 'conversation', data: { conversation: CONVERSATION, message: USER_MESSAGE } },
        { event: 'done', data: { message: ANSWER } },
      ]),
    );
    await renderScreen(`/account/aiassistant/${USER_ID}?c=c1`, [CONVERSATION]);
    expect(
      await screen.findByText('The answer had no questions that could be used', undefined, SLOW),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/could not be read as questions, so its answer is not shown/),
    ).toBeInTheDocument();
    expect(screen.queryByText('The answer broke off. What arrived before is kept.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(receivedRequests('POST', '/ai/chat')).toHaveLength(1), SLOW);
    // The same request again, in the same conversation (its source is the conversation's).
    expect(await receivedBody('POST', '/ai/chat')).toEqual({
      conversationId: 'c1',
      message: 'Two questions please',
      questions: USER_MESSAGE.request,
    });
  });

  it('says an answer broke off (and kept what arrived) only when something had arrived', async () => {
    server.use(
      answer('get', '/ai/conversations/c1', {
        ...CONVERSATION,
        messages: [
          USER_MESSAGE,
          message({
            id: 'm2',
            role: 'assistant',
            status: 'failed',
            error: { code: 'ai_failed', message: 'Failed' },
          }),
        ],
      } satisfies AiConversation),
    );
    await renderScreen(`/account/aiassistant/${USER_ID}?c=c1`, [CONVERSATION]);
    expect(await screen.findByText('The assistant could not answer', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Failed to generate questions. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('The answer broke off. What arrived before is kept.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows when the message names another number of questions than the counts, and uses it on request', async () => {
    const user = userEvent.setup();
    await renderScreen();
    const count = await screen.findByRole('textbox', { name: 'Number of Multiple Choice questions' }, SLOW);
    expect(count).toHaveValue('3');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Write 10 questions about volcanoes');
    expect(await screen.findByTestId('count-differs')).toHaveTextContent(
      'Number of questions: 10 in your message, 3 in the counts below. The assistant writes 3, as the counts say.',
    );
    await user.click(screen.getByRole('button', { name: 'Ask for 10 instead' }));
    expect(screen.getByRole('textbox', { name: 'Number of Multiple Choice questions' })).toHaveValue('10');
    expect(screen.queryByTestId('count-differs')).not.toBeInTheDocument();
  });

  it('shows a broken-off answer as kept, with the reason', async () => {
    server.use(
      answer('get', '/ai/conversations/c1', {
        ...CONVERSATION,
        messages: [
          USER_MESSAGE,
          {
            ...ANSWER,
            cards: [CARDS[0]!],
            status: 'failed',
            error: { code: 'ai_failed', message: 'Failed' },
          },
        ],
      } satisfies AiConversation),
    );
    await renderScreen(`/account/aiassistant/${USER_ID}?c=c1`, [CONVERSATION]);
    expect(
      await screen.findByText('The answer broke off. What arrived before is kept.', undefined, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed to generate questions. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('1 question')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('adds the chosen cards, as edited, to a new draft and links to it', async () => {
    const user = userEvent.setup();
    server.use(
      answer('get', '/ai/conversations/c1', {
        ...CONVERSATION,
        messages: [USER_MESSAGE, ANSWER],
      } satisfies AiConversation),
      answer(
        'get',
        '/assessments',
        pageOf([makeAssessment({ id: 'a9', title: 'Week 3 draft', status: 'draft' })]),
      ),
      answer('post', '/ai/assessment-drafts', {
        assessmentId: 'a-new',
        title: 'Plants quiz',
        added: 1,
        questionCount: 1,
      } satisfies AiAddedToAssessment),
    );
    await renderScreen(`/account/aiassistant/${USER_ID}?c=c1`, [CONVERSATION]);
    await screen.findByText('Here are your questions.', undefined, SLOW);

    const cards = screen.getAllByRole('article');
    await user.click(within(cards[1]!).getByRole('button', { name: 'Edit' }));
    const text = within(cards[1]!).getByRole('textbox', { name: 'Question', exact: true } as never);
    await user.clear(text);
    await user.type(text, 'Sound is faster in water than in air.');
    await user.click(screen.getByRole('checkbox', { name: 'Select question 2' }));
    expect(screen.getByText('1 question selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add to assessment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to assessment' }, SLOW);
    await user.type(within(dialog).getByRole('textbox', { name: 'Assessment title' }), 'Plants quiz');
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Biology');
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 question' }));

    expect(
      await within(dialog).findByText('1 question added to “Plants quiz”.', undefined, SLOW),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open the draft' })).toHaveAttribute(
      'href',
      `/account/user/questions/${USER_ID}/quiz/a-new/edit`,
    );
    const body = (await receivedBody('POST', '/ai/assessment-drafts')) as {
      target: string;
      questions: Question[];
    };
    expect(body).toMatchObject({
      target: 'new',
      title: 'Plants quiz',
      subject: 'Biology',
      difficulty: 'Medium',
    });
    expect(body.questions.map((q) => q.text)).toEqual(['Sound is faster in water than in air.']);
  });

  it('renames and deletes a conversation from its menu', async () => {
    const user = userEvent.setup();
    server.use(
      answer('patch', '/ai/conversations/c1', { ...CONVERSATION, title: 'Plants' }),
      http.delete(apiUrl('/ai/conversations/c1'), () => new HttpResponse(null, { status: 204 })),
    );
    await renderScreen(undefined, [CONVERSATION]);
    await user.click(await screen.findByRole('button', { name: 'Actions for Photosynthesis' }, SLOW));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the conversation' }, SLOW);
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Photosynthesis');
    await user.clear(title);
    await user.type(title, 'Plants');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect(await receivedBody('PATCH', '/ai/conversations/c1')).toEqual({ title: 'Plants' }),
    );

    await user.click(screen.getByRole('button', { name: 'Actions for Photosynthesis' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }, SLOW));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Photosynthesis”?' }, SLOW);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(receivedRequests('DELETE', '/ai/conversations/c1')).toHaveLength(1), SLOW);
  });
});
