import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { LIMITS } from '@vbuilder/shared';
import {
  answerError,
  apiUrl,
  http,
  HttpResponse,
  receivedRequests,
  server,
} from '../../../test/msw-server.ts';
import { check, errorOf, fill, isValid, renderQuestionEditor } from './test-utils.tsx';
import type { QuestionImageUploadSchema } from './upload-question-image.ts';

const png = (size = 4) => new File([new Uint8Array(size)], 'map.png', { type: 'image/png' });
const pick = (file: File) =>
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [file] },
  });

/** A True/False question that passes every check. */
async function validTrueFalse(user: Parameters<typeof fill>[0]) {
  await fill(user, screen.getByLabelText(/^Question/), 'The Nile flows north.');
  await user.click(screen.getByRole('radio', { name: 'True' }));
}

describe('QuestionEditor', { timeout: 30_000 }, () => {
  it('checks the question text and score', async () => {
    const { user } = await renderQuestionEditor('true-false');
    const score = screen.getByRole('textbox', { name: /^Score/ });
    expect(score).toHaveValue('1');
    await fill(user, score, '');
    await check(user);
    expect(errorOf(screen.getByLabelText(/^Question/))).toBe('Please enter the question text.');
    expect(errorOf(score)).toBe('Please enter a score.');

    await fill(user, score, '2.3');
    await user.tab();
    expect(errorOf(score)).toBe('The score must be between 0.5 and 100, in steps of 0.5.');
    await fill(user, score, '2.5');
    expect(errorOf(score)).toBe('');
    // Messages follow the edits once shown: a fixed field clears at once.
    await fill(user, screen.getByLabelText(/^Question/), 'The Nile flows north.');
    expect(errorOf(screen.getByLabelText(/^Question/))).toBe('');
  });

  it('saves only a valid question, and sends the teacher to the first problem otherwise', async () => {
    const onSave = vi.fn();
    const { user, current } = await renderQuestionEditor('true-false', { onSave });
    await user.click(screen.getByRole('button', { name: 'Save question' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Question/)).toHaveFocus();
    expect(screen.getByText('Please fix these 2 things before saving:')).toBeInTheDocument();

    await validTrueFalse(user);
    await user.click(screen.getByRole('button', { name: 'Save question' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0]).toEqual(current());
    expect(isValid(current())).toBe(true);
  });

  it('keeps instructions only when written (empty means the type default)', async () => {
    const { user, current } = await renderQuestionEditor('true-false');
    const instructions = screen.getByRole('textbox', { name: /Instructions for students/ });
    await fill(user, instructions, 'Answer quickly.');
    expect(current().instructions).toBe('Answer quickly.');
    await fill(user, instructions, '');
    expect(current()).not.toHaveProperty('instructions');
  });

  it('attaches an image by address, previews it and removes it', async () => {
    const { user, current } = await renderQuestionEditor('true-false');
    await user.click(screen.getByRole('button', { name: 'Add an image' }));
    await fill(user, screen.getByRole('textbox', { name: /^Image/ }), 'ftp://nope');
    await check(user);
    expect(errorOf(screen.getByRole('textbox', { name: /^Image/ }))).toBe(
      'Enter an image address starting with https://, or upload an image.',
    );
    await fill(user, screen.getByRole('textbox', { name: /^Image/ }), 'https://example.test/nile.png');
    expect(current().imageUrl).toBe('https://example.test/nile.png');
    expect(screen.getByRole('img', { name: /Preview of the image/ })).toHaveAttribute(
      'src',
      'https://example.test/nile.png',
    );
    await user.click(screen.getByRole('button', { name: /Remove the image/ }));
    expect(current().imageUrl).toBeNull();
  });

  it('uploads an image and stores the address the API answers', async () => {
    const uploaded: z.infer<typeof QuestionImageUploadSchema> = {
      url: '/api/files/question-images/0b7c2f0e-6d1c-4a53-9d0f-1f5c2b7a9e11.png',
    };
    // The mock server keeps no upload body (jsdom's File is not Node's): the handler reads it as text.
    let body = '';
    server.use(
      http.post(apiUrl('/question-images'), async ({ request }) => {
        body = await request.text();
        return HttpResponse.json(uploaded);
      }),
    );
    const { user, current } = await renderQuestionEditor('image-based');
    // An image question shows its image field from the start.
    expect(screen.getByRole('textbox', { name: /^Image students answer about/ })).toBeInTheDocument();
    pick(png());
    await waitFor(() => expect(current().imageUrl).toMatch(/^\/api\/files\/question-images\/.+\.png$/));
    const [upload] = receivedRequests('POST', '/question-images');
    expect(upload!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    // The form's 'image' part is a file.
    expect(body).toMatch(
      /Content-Disposition: form-data; name="image"; filename="[^"]*"\r\nContent-Type: image\/png/,
    );
    await fillImageChoice(user);
    expect(isValid(current())).toBe(true);
  });

  it('refuses files that are too large or not images before uploading, and explains API refusals', async () => {
    const { user, current } = await renderQuestionEditor('true-false');
    await user.click(screen.getByRole('button', { name: 'Add an image' }));

    pick(png(LIMITS.questionImageMaxBytes + 1));
    expect(
      await screen.findByText('This image is larger than 5 MB. Choose a smaller one.'),
    ).toBeInTheDocument();
    pick(new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Choose a PNG, JPEG, WebP or GIF image.')).toBeInTheDocument();
    expect(receivedRequests('POST', '/question-images')).toEqual([]);

    server.use(answerError('post', '/question-images', 400, 'unsupported_file_type', { message: 'nope' }));
    pick(png());
    expect(await screen.findByText('This type of file is not supported.')).toBeInTheDocument();
    expect(current().imageUrl).toBeNull();
  });
});

/** Fills a new image-based question's text, options and correct answer. */
async function fillImageChoice(user: Parameters<typeof fill>[0]) {
  await fill(user, screen.getByLabelText(/^Question/), 'Which river is shown?');
  for (const [letter, text] of [
    ['A', 'Nile'],
    ['B', 'Amazon'],
    ['C', 'Danube'],
    ['D', 'Mekong'],
  ] as const)
    await fill(user, screen.getByRole('textbox', { name: `Option ${letter}` }), text);
  await user.click(screen.getByRole('radio', { name: 'Option A is correct' }));
}
