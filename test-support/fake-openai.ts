import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QUESTION_EXAMPLES, exampleTypeId, type QuestionExample } from '@vbuilder/shared';

/**
 * A small OpenAI-compatible server for tests and the end-to-end journeys: POST /v1/chat/completions
 * (and /chat/completions) answering in OpenAI's chat completion shape, or, when the request asks
 * for `stream: true`, as server-sent `chat.completion.chunk` events ending with `data: [DONE]`.
 * Answers are scripted per test; with nothing scripted it answers "good": valid questions of the
 * types the prompt asks for, built from the question examples, so a journey sees real, plausible
 * questions. A streamed answer to the assistant's prompt (it names QUESTIONS_MARKER) is a sentence
 * for the teacher, the marker and the questions, each with a passage quoted from the source.
 */

/** What the fake answers one request with. */
export type FakeReply =
  /** Questions of the requested types and counts, read from the prompt's "- 2 × "MCQ"" lines. */
  | { kind: 'good' }
  /** This text as the message content (null: a message without content). */
  | { kind: 'content'; content: string | null }
  /** An HTTP error answer (OpenAI's error body). */
  | { kind: 'http'; status: number }
  /** The "good" answer streamed, with the connection dropped after this many characters of it. */
  | { kind: 'cut'; afterChars: number }
  /**
   * The "good" answer plus two items that must be dropped: a repeat of the first question, and an
   * MCQ naming two correct answers.
   */
  | { kind: 'flawed' };

export interface ChatRequest {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: string }[];
  response_format?: unknown;
}

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: ChatRequest;
}

export interface FakeOpenAi {
  /** The base URL to configure as OPENAI_BASE_URL (ends with /v1). */
  baseUrl: string;
  port: number;
  /** Every chat request received, in order. */
  requests: RecordedRequest[];
  /** Queues replies for the next requests; once they are used up, the default answers. */
  script(...replies: FakeReply[]): void;
  /** What requests get when nothing is queued (initially { kind: 'good' }). */
  setDefault(reply: FakeReply): void;
  /** Milliseconds between streamed chunks (0 by default), so a test can stop an answer midway. */
  setChunkDelay(ms: number): void;
  /** How many streamed answers the client closed before their end (a stop button, a closed tab). */
  readonly abortedStreams: number;
  /** Forgets queued replies, recorded requests and restores the "good" default. */
  reset(): void;
  close(): Promise<void>;
}

/** The "- N × "Type name"" lines of the user message (see typeLine in modules/ai/ai-prompt.ts). */
const TYPE_LINE = /^- (\d+) × "(.+)"$/gm;

/**
 * The line the assistant's prompt asks the model to put before its questions (QUESTIONS_MARKER in
 * apps/api/src/modules/ai/ai-chat-prompt.ts), and the source delimiters of ai-prompt.ts.
 */
export const QUESTIONS_MARKER = '<<<QUESTIONS>>>';
const SOURCE_BLOCK = /<<<SOURCE MATERIAL>>>\n([\s\S]*?)\n<<<END OF SOURCE MATERIAL>>>/;

/** The sentences of the prompt's source material (none without one). */
function sourceSentences(prompt: string): string[] {
  const source = SOURCE_BLOCK.exec(prompt)?.[1] ?? '';
  return source
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 0);
}

/** The requested types and counts a prompt names. */
export function requestedTypesOf(prompt: string): { example: QuestionExample; count: number }[] {
  const wanted: { example: QuestionExample; count: number }[] = [];
  for (const match of prompt.matchAll(TYPE_LINE)) {
    const typeId = exampleTypeId({ type: match[2]! });
    if (typeId) wanted.push({ example: QUESTION_EXAMPLES[typeId], count: Number(match[1]) });
  }
  return wanted;
}

/** A "good" answer: for each requested type, its example (numbered when several are asked for). */
export function goodAnswer(prompt: string): string {
  const questions = requestedTypesOf(prompt).flatMap(({ example, count }) =>
    Array.from({ length: count }, (_, i) => ({
      type: example.type,
      question: count > 1 ? `${example.question} (${i + 1})` : example.question,
      options: example.options,
      answer: example.answer,
      score: example.score,
      instructions: example.instructions,
    })),
  );
  return JSON.stringify({ questions });
}

/** An MCQ with two right answers: the assistant must drop it, never turn it into a multiple-answer one. */
const TWO_CORRECT = {
  type: 'MCQ',
  question: 'Which of these are planets of the solar system?',
  options: ['Mars', 'Venus', 'The Moon', 'The Sun'],
  answer: ['Mars', 'Venus'],
  score: 2,
};

/** What the assistant's streamed answer says: a sentence, the marker and the questions, or prose. */
export function chatAnswer(prompt: string, flawed = false): string {
  const wanted = requestedTypesOf(prompt);
  if (wanted.length === 0) {
    const asked = prompt.trim().split('\n').at(-1) ?? '';
    return `The fake model read your message: "${asked.slice(0, 200)}". Ask for questions to get some.`;
  }
  const sentences = sourceSentences(prompt);
  const questions = (
    JSON.parse(goodAnswer(prompt)) as { questions: Record<string, unknown>[] }
  ).questions.map((q, i) => ({ ...q, passage: sentences.length ? sentences[i % sentences.length] : '' }));
  if (flawed) questions.push({ ...questions[0]! }, { ...TWO_CORRECT, passage: sentences[0] ?? '' });
  const intro = `Here are ${questions.length} questions based on your material.`;
  return `${intro}\n${QUESTIONS_MARKER}\n${JSON.stringify({ questions }, null, 1)}`;
}

/**
 * The delimiters and lines of the marking-suggestion prompt (apps/api/src/modules/marking-queue/
 * marking-suggestion.ts): a prompt holding the answer block asks for a suggested mark.
 */
export const STUDENT_ANSWER_MARKER = '<<<STUDENT ANSWER>>>';
const MAX_LINE = /^Maximum score: ([\d.]+)$/m;
const RUBRIC_BLOCK = /<<<RUBRIC>>>\n([\s\S]*?)\n<<<END OF RUBRIC>>>/;

/**
 * A "good" suggested mark: with a rubric, for each criterion its second-best level (its only one
 * when alone), the score their sum; without one, 60 % of the maximum in half points.
 */
export function suggestionAnswer(prompt: string): string {
  const max = Number(MAX_LINE.exec(prompt)?.[1] ?? '0');
  const rubricText = RUBRIC_BLOCK.exec(prompt)?.[1];
  const levels: { criterion: string; level: string }[] = [];
  let score = Math.floor(max * 0.6 * 2) / 2;
  if (rubricText) {
    const rubric = JSON.parse(rubricText) as {
      criterion: string;
      levels: { level: string; points: number }[];
    }[];
    score = 0;
    for (const c of rubric) {
      const sorted = [...c.levels].sort((a, b) => b.points - a.points);
      const chosen = sorted[1] ?? sorted[0]!;
      levels.push({ criterion: c.criterion, level: chosen.level });
      score += chosen.points;
    }
    score = Math.min(score, max);
  }
  return JSON.stringify({
    score,
    rationale:
      'The answer gives the main idea of the model answer but leaves out part of the explanation, so it does not earn full marks.',
    levels,
  });
}

function chunk(id: string, model: string, delta: Record<string, unknown>, finish: string | null) {
  const body = {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Streams `content` in OpenAI's wire format, about 24 characters a chunk. With `cutAfter` the
 * socket is destroyed once that many characters are out (a model failing mid-stream). Answers
 * whether the client left before the end.
 */
async function stream(
  res: ServerResponse,
  content: string,
  model: string,
  delayMs: number,
  cutAfter?: number,
): Promise<boolean> {
  const id = `chatcmpl-fake-${Date.now()}`;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
  let left = false;
  res.on('close', () => {
    if (!res.writableEnded) left = true;
  });
  res.write(chunk(id, model, { role: 'assistant', content: '' }, null));
  const end = cutAfter === undefined ? content.length : Math.min(cutAfter, content.length);
  for (let at = 0; at < end && !left; at += 24) {
    if (delayMs > 0) await sleep(delayMs);
    if (left) break;
    res.write(chunk(id, model, { content: content.slice(at, Math.min(at + 24, end)) }, null));
  }
  if (left) return true;
  if (cutAfter !== undefined) {
    // Let the written chunks reach the client before the connection drops.
    await sleep(20);
    res.socket?.destroy();
    return false;
  }
  res.write(chunk(id, model, {}, 'stop'));
  res.end('data: [DONE]\n\n');
  return false;
}

function completion(content: string | null, model: string) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Starts the fake on 127.0.0.1 (port 0: any free port). */
export async function startFakeOpenAi(port = 0): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  let fallback: FakeReply = { kind: 'good' };
  const requests: RecordedRequest[] = [];
  let chunkDelay = 0;
  let abortedStreams = 0;

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0]!;
      if (req.method !== 'POST' || !['/v1/chat/completions', '/chat/completions'].includes(path)) {
        return send(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
      }
      let body: ChatRequest;
      try {
        body = JSON.parse(await readBody(req)) as ChatRequest;
      } catch {
        return send(res, 400, { error: { message: 'Invalid JSON body', type: 'invalid_request_error' } });
      }
      requests.push({ path, authorization: req.headers.authorization, body });
      const reply = queue.shift() ?? fallback;
      const model = body.model ?? 'fake-model';
      const prompt = (body.messages ?? []).map((m) => m.content).join('\n');
      if (body.stream && reply.kind !== 'http') {
        const content =
          reply.kind === 'content'
            ? (reply.content ?? '')
            : prompt.includes(QUESTIONS_MARKER)
              ? chatAnswer(prompt, reply.kind === 'flawed')
              : goodAnswer(prompt);
        const cutAfter = reply.kind === 'cut' ? reply.afterChars : undefined;
        if (await stream(res, content, model, chunkDelay, cutAfter)) abortedStreams += 1;
        return;
      }
      switch (reply.kind) {
        case 'http':
          return send(res, reply.status, {
            error: { message: 'The fake model failed', type: 'server_error' },
          });
        case 'content':
          return send(res, 200, completion(reply.content, model));
        case 'good':
        case 'cut':
        case 'flawed':
          if (prompt.includes(STUDENT_ANSWER_MARKER)) {
            return send(res, 200, completion(suggestionAnswer(prompt), model));
          }
          return send(res, 200, completion(goodAnswer(prompt), model));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${actualPort}/v1`,
    port: actualPort,
    requests,
    script: (...replies) => queue.push(...replies),
    setChunkDelay: (ms) => {
      chunkDelay = ms;
    },
    get abortedStreams() {
      return abortedStreams;
    },
    setDefault: (reply) => {
      fallback = reply;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fallback = { kind: 'good' };
      chunkDelay = 0;
      abortedStreams = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
