import type { AiCard, AiDropped } from '@vbuilder/shared';
import { QUESTIONS_MARKER } from './ai-chat-prompt.ts';
import {
  itemReasons,
  itemScanner,
  parseItemText,
  questionReader,
  type RequestedTypes,
} from './ai-response.ts';

/**
 * Where an answer that was asked for questions stops being words for the teacher: its first brace,
 * bracket or code fence (the length when there is none).
 */
function rawStart(text: string): number {
  const found = text.search(/[{[]|```/);
  return found === -1 ? text.length : found;
}

export type AnswerPiece =
  { kind: 'prose'; text: string } | { kind: 'card'; card: AiCard } | { kind: 'dropped'; item: AiDropped };

/**
 * Reads the assistant's answer as it streams: the words for the teacher up to QUESTIONS_MARKER,
 * then the questions, each judged by the generation's reader (registry validation, one correct
 * answer where the type wants one, duplicates, counts) the moment its JSON closes. With no
 * questions asked for, everything is prose.
 */
export function chatAnswerReader(requested: RequestedTypes | null) {
  let text = '';
  let proseSent = 0;
  let markerAt = -1;
  /** Where the prose ends when the model wrote its questions without the marker. */
  let proseLimit: number | null = null;
  const scanner = itemScanner();
  const reader = requested ? questionReader(requested) : null;
  const cards: AiCard[] = [];
  const dropped: AiDropped[] = [];

  const judge = (itemText: string): AnswerPiece => {
    const outcome = reader!.read(parseItemText(itemText));
    if ('accepted' in outcome) {
      const card = { question: outcome.accepted.question, passage: outcome.accepted.passage };
      cards.push(card);
      return { kind: 'card', card };
    }
    // An item whose JSON cannot be read is reported as the generation reports a non-object.
    const item = outcome.rejected.reasons.length
      ? outcome.rejected
      : { ...outcome.rejected, reasons: [itemReasons.invalidFormat()] };
    dropped.push(item);
    return { kind: 'dropped', item };
  };

  return {
    /** Takes the next piece of the answer; gives what can be shown of it now. */
    push(piece: string): AnswerPiece[] {
      text += piece;
      const out: AnswerPiece[] = [];
      if (reader && markerAt === -1) {
        const at = text.indexOf(QUESTIONS_MARKER);
        if (at !== -1) markerAt = at;
      }
      // Prose ends at the marker; until it is seen, hold back what could be its beginning, and
      // everything from the first sign of JSON or code (questions written without the marker, or
      // a broken answer): the teacher is never shown the model's raw output as words.
      const proseEnd =
        markerAt !== -1
          ? markerAt
          : reader
            ? Math.min(text.length - (QUESTIONS_MARKER.length - 1), rawStart(text))
            : text.length;
      if (proseEnd > proseSent) {
        out.push({ kind: 'prose', text: text.slice(proseSent, proseEnd) });
        proseSent = proseEnd;
      }
      if (reader && markerAt !== -1) {
        for (const item of scanner.scan(text.slice(markerAt + QUESTIONS_MARKER.length)))
          out.push(judge(item));
      }
      return out;
    },
    /**
     * The answer ended (normally or not): what prose was held back, and, when the model wrote its
     * questions without the marker, those questions.
     */
    finish(): AnswerPiece[] {
      const out: AnswerPiece[] = [];
      if (reader && markerAt === -1) {
        const scanned = scanner.scan(text);
        if (scanner.started) {
          // Questions without the marker: the prose is what came before their JSON.
          const jsonStart = text.indexOf('{');
          proseLimit = jsonStart;
          if (jsonStart > proseSent) out.push({ kind: 'prose', text: text.slice(proseSent, jsonStart) });
          proseSent = text.length;
          for (const item of scanned) out.push(judge(item));
          return out;
        }
      }
      if (reader && markerAt === -1) proseLimit = rawStart(text);
      const proseEnd = markerAt !== -1 ? markerAt : (proseLimit ?? text.length);
      if (proseEnd > proseSent) out.push({ kind: 'prose', text: text.slice(proseSent, proseEnd) });
      proseSent = Math.max(proseSent, proseEnd);
      return out;
    },
    get prose() {
      return text.slice(0, proseLimit ?? (markerAt !== -1 ? markerAt : text.length)).trim();
    },
    /** Everything received, as the model wrote it. */
    get raw() {
      return text;
    },
    get cards() {
      return cards;
    },
    get dropped() {
      return dropped;
    },
    /** Whether a questions array was found at all. */
    get sawQuestions() {
      return scanner.started;
    },
  };
}
