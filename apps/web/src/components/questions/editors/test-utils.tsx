import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newQuestion, QuestionSchema, type Question, type QuestionTypeId } from '@vbuilder/shared';
import { theme } from '../../../app/theme.ts';
import { i18nReady } from '../../../lib/i18n.ts';
import { QuestionEditor } from './question-editor.tsx';

/**
 * Renders a QuestionEditor the way a screen would (the caller keeps the question in state),
 * inside Mantine and a query client with English loaded.
 */
export async function renderQuestionEditor(
  typeOrQuestion: QuestionTypeId | Question,
  { onSave }: { onSave?: (question: Question) => void } = {},
) {
  await i18nReady;
  const initial = typeof typeOrQuestion === 'string' ? newQuestion(typeOrQuestion, 'q1') : typeOrQuestion;
  let latest = initial;
  function Host() {
    const [question, setQuestion] = useState(initial);
    return (
      <QuestionEditor
        question={question}
        onChange={(next) => {
          latest = next;
          setQuestion(next);
        }}
        onSave={onSave}
      />
    );
  }
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <Host />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user, current: () => latest };
}

/** Replaces a field's text the fast way (one paste, not a key per letter). */
export async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.clear(element);
  if (text !== '') {
    await user.click(element);
    await user.paste(text);
  }
}

/** Presses "Check question". */
export const check = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Check question' }));

/** The field's error message as Mantine links it (aria-describedby), or '' when it has none. */
export function errorOf(element: HTMLElement): string {
  if (element.getAttribute('aria-invalid') !== 'true') return '';
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((node): node is HTMLElement => node !== null && node.id.endsWith('-error'))
    .map((node) => node.textContent ?? '')
    .join(' ');
}

/** Whether the question passes the contract schema the API uses. */
export const isValid = (question: Question) => QuestionSchema.safeParse(question).success;
