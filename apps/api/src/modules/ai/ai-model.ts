import OpenAI from 'openai';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChatMessage } from './ai-prompt.ts';

/** The language model as the AI module sees it: messages in, the answer's text out (null: none). */
export interface LanguageModel {
  /** Whether a key is configured; without one every call answers 503 ai_key_missing. */
  readonly configured: boolean;
  complete(messages: ChatMessage[]): Promise<string | null>;
  /**
   * The answer as it is written, piece by piece. Aborting `signal` ends the upstream request. A
   * failure before the first piece throws like `complete`; one after it throws ModelStreamError.
   */
  stream(messages: ChatMessage[], signal: AbortSignal): AsyncIterable<string>;
}

/** The model's stream broke off after it had started answering (a dropped connection, a 5xx). */
export class ModelStreamError extends Error {}

/** A generation rarely takes more than half a minute; a stuck endpoint must not hold a request longer. */
export const MODEL_TIMEOUT_MS = 60_000;
/** One retry for a dropped connection or a 5xx; each call costs money, so no more. */
export const MODEL_MAX_RETRIES = 1;

export const keyMissing = () => new AppError(503, 'ai_key_missing', 'OpenAI API key is missing.');
export const generationFailed = () =>
  new AppError(502, 'ai_failed', 'Failed to generate questions. Please try again.');

/**
 * The OpenAI-compatible endpoint of the configuration (docs/architecture/overview.md). Called only by the server, so
 * the key never reaches a browser; it is passed explicitly, never read from process.env by the
 * SDK behind the configuration's back. Without a key every call answers 503 ai_key_missing.
 */
function logFailure(log: { warn(obj: object, msg: string): void }, error: unknown, msg: string) {
  // Status and kind only: the SDK's error may echo request details, and the key stays out of logs.
  const status = error instanceof OpenAI.APIError ? error.status : undefined;
  const kind = error instanceof Error ? error.constructor.name : typeof error;
  log.warn({ status, kind }, msg);
}

export function openAiModel(config: Config, log: { warn(obj: object, msg: string): void }): LanguageModel {
  const apiKey = config.OPENAI_API_KEY;
  const client = apiKey
    ? new OpenAI({
        apiKey,
        baseURL: config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
        timeout: MODEL_TIMEOUT_MS,
        maxRetries: MODEL_MAX_RETRIES,
      })
    : null;

  return {
    configured: client !== null,
    async complete(messages) {
      if (!client) throw keyMissing();
      try {
        const completion = await client.chat.completions.create({
          model: config.OPENAI_MODEL,
          messages,
          response_format: { type: 'json_object' },
          temperature: 0.7,
        });
        return completion.choices[0]?.message?.content ?? null;
      } catch (error) {
        logFailure(log, error, 'language model call failed');
        throw generationFailed();
      }
    },

    async *stream(messages, signal) {
      if (!client) throw keyMissing();
      let started = false;
      try {
        const chunks = await client.chat.completions.create(
          { model: config.OPENAI_MODEL, messages, stream: true, temperature: 0.7 },
          { signal },
        );
        for await (const chunk of chunks) {
          const piece = chunk.choices[0]?.delta?.content;
          if (!piece) continue;
          started = true;
          yield piece;
        }
      } catch (error) {
        // The caller stopped it: not a failure of the model.
        if (signal.aborted) return;
        logFailure(log, error, started ? 'language model stream broke off' : 'language model call failed');
        if (started) throw new ModelStreamError('The answer broke off');
        throw generationFailed();
      }
    },
  };
}
