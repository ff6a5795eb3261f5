import type { Extension } from '@uiw/react-codemirror';
import type { CodeLanguage } from './open-types.ts';

type KnownLanguage = Exclude<CodeLanguage, 'other'>;

/**
 * Syntax highlighting per language of the contract, each loaded only when a question uses it (all
 * grammars together would add most of a megabyte). 'other', or anything unknown, is plain text.
 */
const LOADERS: Record<KnownLanguage, () => Promise<Extension>> = {
  javascript: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  typescript: () => import('@codemirror/lang-javascript').then((m) => m.javascript({ typescript: true })),
  python: () => import('@codemirror/lang-python').then((m) => m.python()),
  java: () => import('@codemirror/lang-java').then((m) => m.java()),
  // C is highlighted with the C++ grammar, a superset close enough for highlighting.
  c: () => import('@codemirror/lang-cpp').then((m) => m.cpp()),
  cpp: () => import('@codemirror/lang-cpp').then((m) => m.cpp()),
  // There is no Lezer grammar for C#; the CodeMirror 5 C-like mode highlights it well.
  csharp: () =>
    Promise.all([import('@codemirror/language'), import('@codemirror/legacy-modes/mode/clike')]).then(
      ([language, clike]) => language.StreamLanguage.define(clike.csharp),
    ),
  go: () => import('@codemirror/lang-go').then((m) => m.go()),
  rust: () => import('@codemirror/lang-rust').then((m) => m.rust()),
  sql: () => import('@codemirror/lang-sql').then((m) => m.sql()),
  html: () => import('@codemirror/lang-html').then((m) => m.html()),
  css: () => import('@codemirror/lang-css').then((m) => m.css()),
};

export const isKnownLanguage = (language: string | undefined): language is KnownLanguage =>
  !!language && Object.hasOwn(LOADERS, language);

/** The highlighting extension for a language, or null for plain text (or if its chunk fails to load). */
export async function loadLanguage(language: string | undefined): Promise<Extension | null> {
  if (!isKnownLanguage(language)) return null;
  try {
    return await LOADERS[language]();
  } catch {
    // Highlighting is a nicety: without it the editor still works as plain text.
    return null;
  }
}

const FOUR_SPACES = '    ';
const INDENTS: Partial<Record<KnownLanguage, string>> = {
  python: FOUR_SPACES,
  java: FOUR_SPACES,
  c: FOUR_SPACES,
  cpp: FOUR_SPACES,
  csharp: FOUR_SPACES,
  rust: FOUR_SPACES,
  go: '\t',
};

/** One indentation step as each language's usual style has it (gofmt uses tabs, PEP 8 four spaces). */
export const indentOf = (language: string | undefined): string =>
  (isKnownLanguage(language) ? INDENTS[language] : undefined) ?? '  ';
