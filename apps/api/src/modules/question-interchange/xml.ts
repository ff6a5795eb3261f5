import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import { hostile, malformed, tooLarge } from './errors.ts';
import { INTERCHANGE_LIMITS } from './types.ts';

/** A document type declaration with its internal subset, if any (`[...]`). */
const DOCTYPE = /<!DOCTYPE[^>[]*(?:\[([\s\S]*?)\]\s*)?>/i;
/** What an internal subset may declare: elements, attribute lists and notations (quoted values may hold `>`). */
const HARMLESS_DECLARATION =
  /<!(?:ELEMENT|ATTLIST|NOTATION)\s(?:[^>"'%]|"[^"%]*"|'[^'%]*')*>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>/gi;

/**
 * Why a document's DTD is refused, or null when it is harmless. Entities are what XXE and billion
 * laughs need: any `<!ENTITY` (or a parameter entity reference `%x;`) is refused. An internal
 * subset that declares elements and attributes only (IMS's own QTI 1.2 examples extend the DTD so)
 * defines nothing a parser expands, and a bare `<!DOCTYPE x SYSTEM "y.dtd">` is never fetched.
 */
export function hostileDoctype(text: string): string | null {
  if (/<!ENTITY/i.test(text)) return 'entity declarations are refused';
  const subset = DOCTYPE.exec(text)?.[1];
  if (subset !== undefined && subset.replace(HARMLESS_DECLARATION, '').trim() !== '')
    return 'a DTD internal subset may declare elements and attributes only';
  return null;
}

/**
 * Safe XML for the interchange formats (see hostileDoctype for the document type declarations
 * it refuses). Only the five predefined entities and character references are expanded; xmldom
 * never fetches or reads a DTD.
 */
export function parseXml(text: string, where = ''): Element {
  if (text.length > INTERCHANGE_LIMITS.xmlChars) throw tooLarge(where, 'XML document too large');
  const head = text.replace(/^\uFEFF/, '');
  const refused = hostileDoctype(head);
  if (refused) throw hostile(where || 'DOCTYPE', refused);
  let document;
  try {
    document = new DOMParser({
      locator: true,
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(head, 'text/xml');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const line =
      /line:?\s*(\d+)/i.exec(message)?.[1] ??
      (error as { locator?: { lineNumber?: number } }).locator?.lineNumber;
    throw malformed(
      [where, line ? `line ${line}` : ''].filter(Boolean).join(': '),
      (message.split('\n')[0] ?? 'not XML').replace(/^.*caused \w*Error: /, ''),
    );
  }
  const root = document.documentElement;
  if (!root) throw malformed(where, 'no root element');
  return root;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_NODE = 4;

export const isElement = (node: Node | null | undefined): node is Element =>
  !!node && node.nodeType === ELEMENT_NODE;

/** An element's name without prefix, as QTI 2.x camelCase or QTI 3.0 kebab-case ('qti-' dropped). */
export const localName = (element: Element): string => element.localName ?? element.nodeName;

export function childElements(element: Element, name?: string): Element[] {
  const out: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling)
    if (isElement(node) && (name === undefined || localName(node) === name)) out.push(node);
  return out;
}

export const child = (element: Element, name: string): Element | undefined => childElements(element, name)[0];

/** Every descendant element with this local name, in document order. */
export function descendants(element: Element, name: string): Element[] {
  const out: Element[] = [];
  const walk = (parent: Element) => {
    for (const node of childElements(parent)) {
      if (localName(node) === name) out.push(node);
      walk(node);
    }
  };
  walk(element);
  return out;
}

/** The text content (text and CDATA of all descendants). */
export function textOf(element: Element | undefined): string {
  if (!element) return '';
  let out = '';
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_NODE) out += node.nodeValue ?? '';
    else if (isElement(node)) out += textOf(node);
  }
  return out;
}

/** Text of a direct child element, trimmed ('' when absent). */
export const childText = (element: Element, name: string): string => textOf(child(element, name)).trim();

export const attr = (element: Element, name: string): string | null =>
  element.hasAttribute(name) ? element.getAttribute(name) : null;

/** 'quiz/question[3]/answer[2]': where an element is, for error messages. */
export function elementPath(element: Element): string {
  const parts: string[] = [];
  let node: Element | null = element;
  while (node) {
    const parent: Node | null = node.parentNode;
    const name = localName(node);
    if (isElement(parent)) {
      const same = childElements(parent, name);
      parts.unshift(same.length > 1 ? `${name}[${same.indexOf(node) + 1}]` : name);
      node = parent;
    } else {
      parts.unshift(name);
      node = null;
    }
  }
  return parts.join('/');
}

/** The inner markup of an element, serialised (for HTML content such as a QTI item body). */
export function innerXml(element: Element): string {
  let out = '';
  for (let node = element.firstChild; node; node = node.nextSibling) out += String(node);
  return out;
}

/** Escapes text for element content and attribute values. */
export function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' } as const)[c as '&']};`,
  );
}

/** Text in a CDATA section (Moodle's habit), split where the text itself holds ']]>'. */
export const cdata = (value: string): string => `<![CDATA[${value.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
