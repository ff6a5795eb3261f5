import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QUESTION_EXAMPLES, exampleTypeId, type QuestionExample } from '@vbuilder/shared';

/**
 * A small OpenAI-compatible server for tests and the end-to-end journeys: POST /v1/chat/completions
 * (and /chat/completions) answering in OpenAI's chat completion shape. Answers are scripted per
 * test; with nothing scripted it answers "good": valid questions of the types the prompt asks for,
 * built from the question examples, so a journey sees real, plausible questions.
 */

/** What the fake answers one request with. */
export type FakeReply =
  /** Questions of the requested types and counts, read from the prompt's "- 2 × "MCQ"" lines. */
  | { kind: 'good' }
  /** This text as the message content (null: a message without content). */
  | { kind: 'content'; content: string | null }
  /** An HTTP error answer (OpenAI's error body). */
  | { kind: 'http'; status: number };

export interface ChatRequest {
  model?: string;
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
  /** Forgets queued replies, recorded requests and restores the "good" default. */
  reset(): void;
  close(): Promise<void>;
}

/** The "- N × "Type name"" lines of the user message (see typeLine in modules/ai/ai-prompt.ts). */
const TYPE_LINE = /^- (\d+) × "(.+)"$/gm;

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
      switch (reply.kind) {
        case 'http':
          return send(res, reply.status, {
            error: { message: 'The fake model failed', type: 'server_error' },
          });
        case 'content':
          return send(res, 200, completion(reply.content, model));
        case 'good': {
          const prompt = (body.messages ?? []).map((m) => m.content).join('\n');
          return send(res, 200, completion(goodAnswer(prompt), model));
        }
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
    setDefault: (reply) => {
      fallback = reply;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fallback = { kind: 'good' };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
