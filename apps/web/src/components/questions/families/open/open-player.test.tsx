import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { EditorView } from '@uiw/react-codemirror';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarkResult, OpenAnswer, OpenConfig, Question } from '@vbuilder/shared';
import { theme } from '../../../../app/theme.ts';
import { i18nReady } from '../../../../lib/i18n.ts';
import { domError, installMediaDoubles } from './media-test-doubles.ts';
import { mergeAnswer, OpenPlayer } from './open-player.tsx';

// CodeMirror measures text with Range rects, which jsdom lacks.
Range.prototype.getClientRects ??= () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const TYPE_OF_KIND: Record<OpenConfig['responseKind'], Question['type']> = {
  richText: 'essay',
  code: 'coding',
  audio: 'audio-recordings',
  video: 'video-response',
  file: 'presentations',
  link: 'vr-assignments',
  survey: 'survey-based',
};

function makeQuestion(config: OpenConfig): Question & { config: OpenConfig } {
  return {
    id: 'q1',
    type: TYPE_OF_KIND[config.responseKind],
    text: 'Explain.',
    score: 10,
    config,
  } as Question & {
    config: OpenConfig;
  };
}

interface HarnessProps {
  config: OpenConfig;
  initial?: OpenAnswer | null;
  disabled?: boolean;
  result?: MarkResult | null;
  onChange?: (answer: OpenAnswer) => void;
  onFile?: (file: File) => void;
}

/** A controlled host like the preview and the attempt screen: it keeps the answer in state. */
function Harness({ config, initial = null, disabled, result, onChange, onFile }: HarnessProps) {
  const [value, setValue] = useState<OpenAnswer | null>(initial);
  return (
    <OpenPlayer
      question={makeQuestion(config)}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      disabled={disabled}
      result={result}
      idPrefix="t"
      onFile={onFile}
    />
  );
}

async function renderPlayer(props: HarnessProps) {
  await i18nReady;
  const utils = render(
    <MantineProvider theme={theme} env="test">
      <Harness {...props} />
    </MantineProvider>,
  );
  const rerenderWith = (next: HarnessProps) =>
    utils.rerender(
      <MantineProvider theme={theme} env="test">
        <Harness {...next} />
      </MantineProvider>,
    );
  return { ...utils, rerenderWith };
}

/** TipTap keeps its Editor on the ProseMirror element; jsdom can't type into contenteditable. */
const tiptapOf = (element: HTMLElement) => (element as HTMLElement & { editor: Editor }).editor;

describe('OpenPlayer · rich text', () => {
  it('offers a labelled editor with a formatting toolbar and reports HTML', async () => {
    const onChange = vi.fn();
    await renderPlayer({ config: { responseKind: 'richText' }, onChange });
    const box = await screen.findByRole('textbox', { name: 'Your answer' });
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of [
      'Bold',
      'Italic',
      'Heading',
      'Bulleted list',
      'Numbered list',
      'Add or edit link',
      'Remove link',
    ])
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByText('0 words')).toBeInTheDocument();
    // The toolbar is one Tab stop (arrow keys move inside it), so the text is two Tabs away.
    const user = userEvent.setup();
    await user.tab();
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(toolbar).getByRole('button', { name: 'Italic' })).toHaveFocus();
    await user.tab();
    expect(box).toHaveFocus();

    act(() => {
      tiptapOf(box).chain().focus().insertContent('Photosynthesis makes sugar').run();
    });
    expect(onChange).toHaveBeenLastCalledWith({ text: '<p>Photosynthesis makes sugar</p>' });
    expect(screen.getByText('3 words')).toBeInTheDocument();

    act(() => {
      tiptapOf(box).chain().focus().selectAll().toggleBold().run();
    });
    expect(onChange).toHaveBeenLastCalledWith({ text: '<p><strong>Photosynthesis makes sugar</strong></p>' });

    act(() => {
      tiptapOf(box).commands.clearContent(true);
    });
    // An emptied editor is an empty answer, not '<p></p>'.
    expect(onChange).toHaveBeenLastCalledWith({ text: '' });
  });

  it('counts words against the maximum and says when the answer is too long', async () => {
    await renderPlayer({
      config: { responseKind: 'richText', maxWords: 3 },
      initial: { text: '<p>one two</p><ul><li><p>three four five</p></li></ul>' },
    });
    const box = await screen.findByRole('textbox', { name: 'Your answer' });
    expect(box).toHaveTextContent('one two');
    expect(document.getElementById('t-text-count')).toHaveTextContent('5 / 3 words — 2 words over the limit');
    act(() => {
      tiptapOf(box).commands.setContent('<p>just two</p>', { emitUpdate: true });
    });
    expect(screen.getByText('2 / 3 words')).toBeInTheDocument();
  });

  it('follows a value changed from outside and is read-only when disabled', async () => {
    const { rerenderWith } = await renderPlayer({
      config: { responseKind: 'richText' },
      initial: { text: '<p>draft</p>' },
    });
    const box = await screen.findByRole('textbox', { name: 'Your answer' });
    expect(box).toHaveTextContent('draft');
    rerenderWith({ config: { responseKind: 'richText' }, initial: { text: '<p>draft</p>' }, disabled: true });
    await waitFor(() => expect(box).toHaveAttribute('contenteditable', 'false'));
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('keeps pasted markup out of the page: scripts are dropped by the editor schema', async () => {
    await renderPlayer({
      config: { responseKind: 'richText' },
      initial: {
        text: '<p>safe</p><script>window.__pwned = true</script><img src=x onerror="window.__pwned=true">',
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Your answer' });
    expect(box).toHaveTextContent('safe');
    expect(document.querySelector('script')).toBeNull();
    expect(box.querySelector('img')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});

describe('OpenPlayer · code', () => {
  it('starts from the starter code in a labelled editor and reports the code', async () => {
    const onChange = vi.fn();
    await renderPlayer({
      config: { responseKind: 'code', codeLanguage: 'python', starterCode: 'def add(a, b):\n    pass' },
      onChange,
    });
    const editor = await screen.findByRole('textbox', { name: 'Your code (Python)' });
    expect(editor).toHaveTextContent('def add(a, b):');
    expect(editor).toHaveAccessibleDescription(/press Escape and then Tab/);
    expect(document.querySelector('[data-language="python"]')).not.toBeNull();

    const view = EditorView.findFromDOM(editor)!;
    act(() => {
      view.dispatch({
        changes: { from: view.state.doc.length - 4, to: view.state.doc.length, insert: 'return a + b' },
      });
    });
    expect(onChange).toHaveBeenLastCalledWith({ code: 'def add(a, b):\n    return a + b' });
  });

  it('indents with Tab but lets Escape then Tab leave the editor', async () => {
    await renderPlayer({ config: { responseKind: 'code', codeLanguage: 'javascript' } });
    const editor = await screen.findByRole('textbox', { name: 'Your code (JavaScript)' });
    editor.focus();
    const tab = () => fireEvent.keyDown(editor, { key: 'Tab', code: 'Tab', keyCode: 9 });
    expect(tab()).toBe(false); // handled by the editor (indent): default prevented
    fireEvent.keyDown(editor, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(tab()).toBe(true); // not handled: the browser moves focus on
  });

  it('falls back to plain text for other languages and is read-only when disabled', async () => {
    await renderPlayer({
      config: { responseKind: 'code', codeLanguage: 'other' },
      initial: { code: 'x' },
      disabled: true,
    });
    const editor = await screen.findByRole('textbox', { name: 'Your code (plain text)' });
    expect(editor).toHaveAttribute('contenteditable', 'false');
    expect(screen.getByText('Read only.')).toBeInTheDocument();
  });
});

describe('OpenPlayer · audio and video', () => {
  let doubles: ReturnType<typeof installMediaDoubles>;
  beforeEach(() => {
    doubles = installMediaDoubles();
  });
  afterEach(() => doubles.restore());

  it('records audio, then plays it back and offers to record again', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onFile = vi.fn();
    await renderPlayer({ config: { responseKind: 'audio' }, onChange, onFile });
    expect(screen.getByRole('group', { name: 'Your audio answer' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record audio' }));
    expect(doubles.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(screen.getByRole('timer')).toHaveTextContent('0:00');
    expect(await screen.findByText('Recording started.')).toBeInTheDocument();

    // Focus moves from the record button to the stop button and back, never to the page body.
    expect(screen.getByRole('button', { name: 'Stop recording' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(screen.getByRole('button', { name: 'Record again' })).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith({
      mediaUrl: 'blob:test/1',
      fileName: expect.stringMatching(/^audio-recording-.*\.webm$/),
    });
    expect(onFile).toHaveBeenCalledWith(expect.any(File));
    const audio = screen.getByLabelText('Your audio answer', { selector: 'audio' });
    expect(audio).toHaveAttribute('src', 'blob:test/1');
    expect(audio).toHaveAttribute('controls');

    await user.click(screen.getByRole('button', { name: 'Record again' }));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ mediaUrl: 'blob:test/2' }));
    // The first take is no longer referenced, so its memory is released.
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
  });

  it('explains a refused microphone and still allows an upload', async () => {
    const user = userEvent.setup();
    doubles.getUserMedia.mockRejectedValueOnce(domError('NotAllowedError'));
    await renderPlayer({ config: { responseKind: 'audio' } });
    await user.click(screen.getByRole('button', { name: 'Record audio' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Permission to use the microphone was denied');
    expect(screen.getByRole('button', { name: 'Upload audio' })).toBeEnabled();
  });

  it('says when there is no device', async () => {
    const user = userEvent.setup();
    doubles.getUserMedia.mockRejectedValueOnce(domError('NotFoundError'));
    await renderPlayer({ config: { responseKind: 'video' } });
    await user.click(screen.getByRole('button', { name: 'Record video' }));
    expect(screen.getByRole('alert')).toHaveTextContent('No camera or microphone was found');
  });

  it('uploads an audio file and refuses other files', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    const onFile = vi.fn();
    const { container } = await renderPlayer({ config: { responseKind: 'audio' }, onChange, onFile });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('accept', 'audio/*');

    await user.upload(input, new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent("That file isn't an audio file");
    expect(onChange).not.toHaveBeenCalled();

    const file = new File(['sound'], 'interview.mp3', { type: 'audio/mpeg' });
    await user.upload(input, file);
    expect(onChange).toHaveBeenLastCalledWith({ mediaUrl: 'blob:test/1', fileName: 'interview.mp3' });
    expect(onFile).toHaveBeenCalledWith(file);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('interview.mp3')).toBeInTheDocument();
  });

  it('records video with a live camera preview', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderPlayer({ config: { responseKind: 'video' }, onChange });
    await user.click(screen.getByRole('button', { name: 'Record video' }));
    expect(doubles.getUserMedia).toHaveBeenCalledWith({ audio: true, video: true });
    expect(screen.getByLabelText('Camera preview')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(screen.queryByLabelText('Camera preview')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your video answer', { selector: 'video' })).toHaveAttribute(
      'src',
      'blob:test/1',
    );
  });

  it('offers only upload where the browser cannot record, and only playback when disabled', async () => {
    Object.defineProperty(window, 'MediaRecorder', { configurable: true, writable: true, value: undefined });
    const { rerenderWith } = await renderPlayer({ config: { responseKind: 'audio' } });
    expect(screen.queryByRole('button', { name: 'Record audio' })).not.toBeInTheDocument();
    expect(screen.getByText("This browser can't record here. Upload a file instead.")).toBeInTheDocument();
    rerenderWith({ config: { responseKind: 'audio' }, disabled: true });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Nothing has been recorded or uploaded.')).toBeInTheDocument();
  });
});

describe('OpenPlayer · file', () => {
  it('takes one file of the accepted types, shows its name and size, and a note', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    const onFile = vi.fn();
    const { container } = await renderPlayer({
      config: { responseKind: 'file', acceptedFileTypes: ['.pdf', '.pptx', 'not a type'] },
      onChange,
      onFile,
    });
    expect(screen.getByText('Drag a file here')).toBeInTheDocument();
    const choose = screen.getByRole('button', { name: 'Choose a file' });
    expect(choose).toHaveAccessibleDescription('Accepted: .pdf, .pptx');
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('accept', '.pdf,.pptx');

    await user.upload(input, new File(['x'], 'virus.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "That file type isn't accepted. Accepted: .pdf, .pptx",
    );
    expect(onChange).not.toHaveBeenCalled();

    const file = new File(['a'.repeat(2048)], 'lab-report.pdf', { type: 'application/pdf' });
    await user.upload(input, file);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ fileName: 'lab-report.pdf' }));
    expect(onFile).toHaveBeenCalledWith(file);
    expect(screen.getByText('lab-report.pdf')).toBeInTheDocument();
    expect(screen.getByText('2 kB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose another file' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'Slides 3-5');
    expect(onChange).toHaveBeenLastCalledWith({ fileName: 'lab-report.pdf', text: 'Slides 3-5' });

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenLastCalledWith({ text: 'Slides 3-5' });
    expect(screen.queryByText('lab-report.pdf')).not.toBeInTheDocument();
  });

  it('links a stored file and hides the drop zone when disabled', async () => {
    await renderPlayer({
      config: { responseKind: 'file' },
      initial: { fileName: 'map.png', fileUrl: 'https://files.example.org/map.png' },
      disabled: true,
    });
    expect(screen.queryByRole('button', { name: /Choose/ })).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'map.png' });
    expect(link).toHaveAttribute('href', 'https://files.example.org/map.png');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByRole('textbox', { name: 'Note (optional)' })).toBeDisabled();
  });
});

describe('OpenPlayer · link', () => {
  it('opens the activity in a new tab and takes a written response', async () => {
    const onChange = vi.fn();
    await renderPlayer({
      config: {
        responseKind: 'link',
        link: { url: 'https://sim.example.org/pendulum', label: 'Pendulum lab' },
      },
      onChange,
    });
    // jsdom's name computation drops the space before the visually hidden text; browsers keep it.
    const link = await screen.findByRole('link', { name: /^Pendulum lab\s*\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('href', 'https://sim.example.org/pendulum');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const box = await screen.findByRole('textbox', { name: 'Your response' });
    act(() => {
      tiptapOf(box).chain().focus().insertContent('The period grew').run();
    });
    expect(onChange).toHaveBeenLastCalledWith({ text: '<p>The period grew</p>' });
  });

  it('never turns a script URL into a link', async () => {
    await renderPlayer({ config: { responseKind: 'link', link: { url: 'javascript:alert(1)' } } });
    await screen.findByRole('textbox', { name: 'Your response' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('The activity link is missing.')).toBeInTheDocument();
  });
});

describe('OpenPlayer · survey', () => {
  it('takes one choice with radios and says there is no right answer', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderPlayer({
      config: { responseKind: 'survey', surveyOptions: ['Agree', 'Unsure', 'Disagree'] },
      onChange,
    });
    const group = screen.getByRole('radiogroup', { name: 'Choose one answer' });
    expect(group).toHaveAccessibleDescription('There is no right or wrong answer.');
    await user.click(screen.getByRole('radio', { name: 'Unsure' }));
    expect(onChange).toHaveBeenLastCalledWith({ choices: ['Unsure'] });
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith({ choices: ['Disagree'] });
  });

  it('takes several choices with checkboxes, kept in the listed order', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderPlayer({
      config: { responseKind: 'survey', surveyOptions: ['Videos', 'Books', 'Games'], surveyMultiple: true },
      onChange,
    });
    expect(screen.getByRole('group', { name: 'Choose all that apply' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Games' }));
    await user.click(screen.getByRole('checkbox', { name: 'Videos' }));
    expect(onChange).toHaveBeenLastCalledWith({ choices: ['Videos', 'Games'] });
    await user.click(screen.getByRole('checkbox', { name: 'Games' }));
    expect(onChange).toHaveBeenLastCalledWith({ choices: ['Videos'] });
  });
});

describe('OpenPlayer · result', () => {
  it.each([
    ['manual', 'Waiting for a teacher to mark'],
    ['unscored', 'Not scored'],
  ] as const)('shows %s marking as "%s"', async (status, text) => {
    await renderPlayer({
      config: { responseKind: 'survey', surveyOptions: ['A', 'B'] },
      initial: { choices: ['A'] },
      result: { score: 0, max: status === 'manual' ? 10 : 0, correct: null, status },
      disabled: true,
    });
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'A' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'B' })).toBeDisabled();
  });
});

describe('mergeAnswer', () => {
  it('merges a change and drops cleared fields', () => {
    expect(mergeAnswer(null, { text: 'a' })).toEqual({ text: 'a' });
    expect(mergeAnswer({ text: 'a', fileName: 'f.pdf' }, { fileName: undefined })).toEqual({ text: 'a' });
  });
});
