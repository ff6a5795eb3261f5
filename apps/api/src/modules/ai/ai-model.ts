import OpenAI from 'openai';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChatMessage } from './ai-prompt.ts';

/** The language model as the AI module sees it: messages in, the answer's text out (null: none). */
export interface LanguageModel {
  complete(messages: ChatMessage[]): Promise<string | null>;
}

/** A generation rarely takes more than half a minute; a stuck endpoint must not hold a request longer. */
export const MODEL_TIMEOUT_MS = 60_000;
/** One retry for a dropped connection or a 5xx; each call costs money, so no more. */
export const MODEL_MAX_RETRIES = 1;

export const keyMissing = () => new AppError(503, 'ai_key_missing', 'OpenAI API key is missing.');
export const generationFailed = () =>
  new AppError(502, 'ai_failed', 'Failed to generate questions. Please try again.');

/**
 * The OpenAI-compatible endpoint of the configuration (DESIGN §1). Called only by the server, so
 * the key never reaches a browser; it is passed explicitly, never read from process.env by the
 * SDK behind the configuration's back. Without a key every call answers 503 ai_key_missing.
 */
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
        // Status and kind only: the SDK's error may echo request details, and the key stays out of logs.
        const status = error instanceof OpenAI.APIError ? error.status : undefined;
        const kind = error instanceof Error ? error.constructor.name : typeof error;
        log.warn({ status, kind }, 'language model call failed');
        throw generationFailed();
      }
    },
  };
}
