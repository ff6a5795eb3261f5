import type { Element, Node } from '@xmldom/xmldom';
import { malformed } from '../errors.ts';
import { mimeOf } from '../file-types.ts';
import { escapeHtml } from '@vbuilder/shared';
import { htmlToText, plain, textToHtml, type RichText } from '../rich-text.ts';
import { attr, childElements, elementPath, escapeXml, isElement, localName, textOf } from '../xml.ts';
import type { QtiInteraction, QtiItem } from './models.ts';

/**
 * QTI 2.1 / 2.2 (camelCase elements: assessmentItem, choiceInteraction…) and QTI 3.0 (kebab-case
 * with a qti- prefix: qti-assessment-item, qti-choice-interaction…) items read into QtiItem;
 * QTI 3.0 items written from it.
 */

export const QTI3_NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';

/** 'qti-choice-interaction' → 'choiceInteraction'; 'choiceInteraction' stays. */
export function qtiName(element: Element): string {
  const name = localName(element);
  if (!name.startsWith('qti-')) return name;
  return name.slice(4).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** An attribute in either spelling: 'responseIdentifier' or 'response-identifier'. */
function qa(element: Element, camel: string): string | null {
  return (
    attr(element, camel) ??
    attr(
      element,
      camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
    )
  );
}

const children = (element: Element, name: string) =>
  childElements(element).filter((e) => qtiName(e) === name);
const firstChild = (element: Element, name: string) => children(element, name)[0];
function allDescendants(element: Element, name: string): Element[] {
  const out: Element[] = [];
  const walk = (parent: Element) => {
    for (const node of childElements(parent)) {
      if (qtiName(node) === name) out.push(node);
      walk(node);
    }
  };
  walk(element);
  return out;
}

export const isQtiItemRoot = (root: Element) => qtiName(root) === 'assessmentItem';
export const isQtiTestRoot = (root: Element) => qtiName(root) === 'assessmentTest';
export const qtiVersionOf = (root: Element): 'qti3' | 'qti2' =>
  localName(root).startsWith('qti-') ? 'qti3' : 'qti2';

const BLOCK_INTERACTIONS = new Set([
  'choiceInteraction',
  'orderInteraction',
  'matchInteraction',
  'associateInteraction',
  'extendedTextInteraction',
  'uploadInteraction',
  'gapMatchInteraction',
  'hottextInteraction',
  'hotspotInteraction',
  'graphicOrderInteraction',
  'graphicAssociateInteraction',
  'graphicGapMatchInteraction',
  'selectPointInteraction',
  'positionObjectStage',
  'sliderInteraction',
  'drawingInteraction',
  'mediaInteraction',
  'customInteraction',
  'portableCustomInteraction',
  'endAttemptInteraction',
]);
const INLINE_INTERACTIONS = new Set(['textEntryInteraction', 'inlineChoiceInteraction']);
const DROPPED = new Set([
  'modalFeedback',
  'feedbackBlock',
  'feedbackInline',
  'rubricBlock',
  'templateBlock',
  'templateInline',
  'printedVariable',
]);

interface Declaration {
  correct: string[];
  mapping: Record<string, number>;
  caseSensitive: boolean;
}

function declarations(root: Element): Map<string, Declaration> {
  const out = new Map<string, Declaration>();
  for (const decl of children(root, 'responseDeclaration')) {
    const id = qa(decl, 'identifier') ?? '';
    const correctResponse = firstChild(decl, 'correctResponse');
    const correct = correctResponse ? children(correctResponse, 'value').map((v) => textOf(v).trim()) : [];
    const mapping: Record<string, number> = {};
    let caseSensitive = false;
    const map = firstChild(decl, 'mapping');
    if (map)
      for (const entry of children(map, 'mapEntry')) {
        mapping[qa(entry, 'mapKey') ?? ''] = Number(qa(entry, 'mappedValue') ?? '0');
        if (qa(entry, 'caseSensitive') === 'true') caseSensitive = true;
      }
    out.set(id, { correct, mapping, caseSensitive });
  }
  return out;
}

function maxScore(root: Element): number | null {
  for (const outcome of children(root, 'outcomeDeclaration')) {
    const id = qa(outcome, 'identifier');
    if (id === 'SCORE' && qa(outcome, 'normalMaximum')) return Number(qa(outcome, 'normalMaximum'));
    if (id === 'MAXSCORE') {
      const value = allDescendants(outcome, 'value')[0];
      if (value) return Number(textOf(value));
    }
  }
  return null;
}

/** Serialises body content as HTML, with interactions replaced by `replace`'s output. */
function bodyHtml(node: Node, replace: (element: Element) => string | null): string {
  if (!isElement(node))
    return node.nodeType === 3 || node.nodeType === 4 ? escapeHtml(node.nodeValue ?? '') : '';
  const name = qtiName(node);
  const replaced = replace(node);
  if (replaced !== null) return replaced;
  if (DROPPED.has(name)) return '';
  let inner = '';
  for (let c = node.firstChild; c; c = c.nextSibling) inner += bodyHtml(c, replace);
  const tag = localName(node);
  if (tag === 'img') return `<img src="${escapeHtml(attr(node, 'src') ?? '')}"/>`;
  if (tag === 'object' && (attr(node, 'type') ?? '').startsWith('image/'))
    return `<img src="${escapeHtml(attr(node, 'data') ?? '')}"/>`;
  return `<${tag}>${inner}</${tag}>`;
}

const choiceText = (element: Element): RichText =>
  htmlToText(
    bodyHtml(element, (e) => (DROPPED.has(qtiName(e)) ? '' : null)).replace(/^<[^>]+>|<\/[^>]+>$/g, ''),
  );

function readInteraction(element: Element, decls: Map<string, Declaration>): QtiInteraction {
  const name = qtiName(element);
  const decl = decls.get(qa(element, 'responseIdentifier') ?? '') ?? {
    correct: [],
    mapping: {},
    caseSensitive: false,
  };
  switch (name) {
    case 'choiceInteraction':
      return {
        kind: 'choice',
        choices: children(element, 'simpleChoice').map((c) => ({
          id: qa(c, 'identifier') ?? '',
          text: choiceText(c),
        })),
        correct: decl.correct,
        maxChoices: Number(qa(element, 'maxChoices') ?? '1'),
        shuffle: qa(element, 'shuffle') === 'true',
        mapping: decl.mapping,
      };
    case 'textEntryInteraction': {
      const entries = Object.entries(decl.mapping).filter(([, v]) => v > 0);
      const top = Math.max(0, ...entries.map(([, v]) => v));
      const full = entries.filter(([, v]) => v >= top).map(([k]) => k);
      const partial = entries.filter(([, v]) => v < top).map(([k]) => k);
      return {
        kind: 'textEntry',
        correct: [...new Set([...decl.correct, ...full])],
        caseSensitive: decl.caseSensitive,
        ...(partial.length ? { partial } : {}),
      };
    }
    case 'extendedTextInteraction': {
      const format = qa(element, 'format');
      return {
        kind: 'extendedText',
        format: format === 'preformatted' || format === 'xhtml' ? format : 'plain',
        expectedLength: qa(element, 'expectedLength') ? Number(qa(element, 'expectedLength')) : null,
        modelAnswer: decl.correct.join('\n'),
      };
    }
    case 'uploadInteraction': {
      const type = qa(element, 'type');
      return { kind: 'upload', types: type ? type.split(/\s+/).filter(Boolean) : [] };
    }
    case 'orderInteraction':
      return {
        kind: 'order',
        choices: children(element, 'simpleChoice').map((c) => ({
          id: qa(c, 'identifier') ?? '',
          text: choiceText(c).text,
        })),
        correct: decl.correct,
      };
    case 'matchInteraction':
    case 'associateInteraction': {
      const sets = name === 'matchInteraction' ? children(element, 'simpleMatchSet') : [element];
      const choices = (set: Element | undefined) =>
        set
          ? children(set, 'simpleAssociableChoice').map((c) => ({
              id: qa(c, 'identifier') ?? '',
              text: choiceText(c).text,
              matchMax: Number(qa(c, 'matchMax') ?? '1'),
            }))
          : [];
      const pairs = decl.correct.map((v) => v.split(/\s+/) as [string, string]).filter((p) => p.length === 2);
      if (name === 'associateInteraction') {
        // Undirected pairs: a member in several pairs is an answer prompts share; otherwise the
        // first member of each pair is the prompt.
        const all = choices(sets[0]);
        const uses = new Map<string, number>();
        for (const pair of pairs) for (const id of pair) uses.set(id, (uses.get(id) ?? 0) + 1);
        const shared = (id: string) => (uses.get(id) ?? 0) > 1;
        const directed = pairs.map(
          ([a, b]) => (shared(a) && !shared(b) ? [b, a] : [a, b]) as [string, string],
        );
        const firsts = new Set(directed.map((p) => p[0]));
        return {
          kind: 'match',
          sources: all.filter((c) => firsts.has(c.id)),
          targets: all.filter((c) => !firsts.has(c.id)),
          correct: directed,
        };
      }
      return { kind: 'match', sources: choices(sets[0]), targets: choices(sets[1]), correct: pairs };
    }
    default:
      return { kind: 'other', name };
  }
}

/** Reads one QTI 2.x / 3.0 item document. */
export function readQtiItem(root: Element): QtiItem {
  if (!isQtiItemRoot(root)) throw malformed(elementPath(root), 'not an assessment item');
  const decls = declarations(root);
  const body = firstChild(root, 'itemBody');
  if (!body) throw malformed(elementPath(root), 'the item has no item body');
  const interactions: QtiInteraction[] = [];
  const entries: Element[] = allDescendants(body, 'textEntryInteraction');
  const blocks = childElements(body);
  const holds = (block: Element) =>
    qtiName(block) === 'textEntryInteraction' || allDescendants(block, 'textEntryInteraction').length > 0;
  const first = blocks.findIndex(holds);
  let last = -1;
  blocks.forEach((b, i) => {
    if (holds(b)) last = i;
  });
  let marker = 0;
  const replace = (element: Element): string | null => {
    const name = qtiName(element);
    if (BLOCK_INTERACTIONS.has(name)) {
      interactions.push(readInteraction(element, decls));
      const prompt = firstChild(element, 'prompt');
      return prompt ? `<p>${bodyHtml(prompt, replace).replace(/^<[^>]+>|<\/[^>]+>$/g, '')}</p>` : '';
    }
    if (name === 'textEntryInteraction') {
      marker += 1;
      return `[[${marker}]]`;
    }
    if (INLINE_INTERACTIONS.has(name)) {
      interactions.push(readInteraction(element, decls));
      return '___';
    }
    return null;
  };
  let textHtml = '';
  let passageHtml = '';
  blocks.forEach((block, i) => {
    const html = bodyHtml(block, replace);
    if (first >= 0 && i >= first && i <= last) passageHtml += html;
    else textHtml += html;
  });
  // Loose text directly in the body (QTI 2 allows it in some tools) joins the text.
  for (let c = body.firstChild; c; c = c.nextSibling)
    if (!isElement(c)) textHtml += escapeHtml(c.nodeValue ?? '');
  for (const entry of entries) interactions.push(readInteraction(entry, decls));
  let passage = htmlToText(passageHtml).text;
  let text = htmlToText(textHtml);
  if (entries.length === 1 && passage.replace(/\[\[1\]\]/, '').trim() === '') passage = '';
  if (passage !== '') {
    const rich = htmlToText(passageHtml);
    text = { ...text, images: [...text.images, ...rich.images], flattened: text.flattened || rich.flattened };
  }
  const classHint = /vbuilder-type-([a-z-]+)/.exec(attr(body, 'class') ?? '')?.[1] ?? null;
  // Rubric blocks for scorers (or tutors) hold the marking guide; those for candidates are instructions.
  const rubric = allDescendants(body, 'rubricBlock')
    .filter((block) => /\b(scorer|tutor)\b/.test(qa(block, 'view') ?? ''))
    .map((block) => {
      const content = firstChild(block, 'contentBody') ?? block;
      let html = '';
      for (let c = content.firstChild; c; c = c.nextSibling) html += bodyHtml(c, () => null);
      return htmlToText(html).text;
    })
    .filter(Boolean)
    .join('\n\n');
  return {
    ...(rubric ? { rubric } : {}),
    identifier: qa(root, 'identifier') ?? '',
    title: qa(root, 'title') ?? '',
    text,
    passage,
    interactions,
    score: maxScore(root),
    hasFeedback:
      allDescendants(root, 'modalFeedback').length +
        allDescendants(body, 'feedbackBlock').length +
        allDescendants(body, 'feedbackInline').length >
      0,
    typeHint: classHint,
  };
}

/** A test's items in order, each with the titles of the sections around it (its category). */
export function readQtiTest(root: Element): { href: string; sections: string[] }[] {
  const out: { href: string; sections: string[] }[] = [];
  const walk = (element: Element, sections: string[]) => {
    for (const node of childElements(element)) {
      const name = qtiName(node);
      if (name === 'assessmentItemRef') out.push({ href: qa(node, 'href') ?? '', sections });
      else if (name === 'assessmentSection')
        // An invisible section only groups; a visible one is a category (its title).
        walk(
          node,
          qa(node, 'visible') === 'false'
            ? sections
            : [...sections, qa(node, 'title') ?? qa(node, 'identifier') ?? ''],
        );
      else if (name === 'testPart') walk(node, sections);
    }
  };
  walk(root, []);
  return out;
}

// ---------------------------------------------------------------------------------------------
// QTI 3.0 writer

const ID_OK = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
export const qtiIdentifier = (value: string, fallback: string) => (ID_OK.test(value) ? value : fallback);

const xmlText = (rich: RichText, resolve: (src: string) => string) =>
  textToHtml(rich.text, rich.images.map(resolve));
/** Inline XHTML (inside a choice): line breaks as <br/>, images after the text. */
const inlineHtml = (rich: RichText, resolve: (src: string) => string) =>
  rich.text.split('\n').map(escapeHtml).join('<br/>') +
  rich.images.map((src) => `<img src="${escapeHtml(resolve(src))}" alt=""/>`).join('');
/** XHTML for QTI: textToHtml gives <p>, <br/> and <img/>, already well-formed. */
const inline = (value: string) => escapeXml(value);

function responseDeclaration(
  id: string,
  cardinality: string,
  baseType: string,
  correct: string[],
  extra = '',
): string {
  const values = correct.map((v) => `<qti-value>${escapeXml(v)}</qti-value>`).join('');
  const correctXml = correct.length ? `<qti-correct-response>${values}</qti-correct-response>` : '';
  return `  <qti-response-declaration identifier="${id}" cardinality="${cardinality}" base-type="${baseType}">${correctXml}${extra}</qti-response-declaration>`;
}

const RP_MATCH = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml';
const RP_MAP = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml';

/**
 * One QTI 3.0 item. `resolve` turns an image reference into the package path written in src.
 * Block interactions follow the text; a passage (fill in the blanks) holds inline text entries.
 */
export function writeQtiItem(item: QtiItem, resolve: (src: string) => string, lang: string): string {
  const decls: string[] = [];
  const body: string[] = [];
  let processing = '';
  const text = xmlText(item.text, resolve);
  if (text) body.push(text);
  const one = item.interactions[0];
  const entryCount = item.interactions.filter((i) => i.kind === 'textEntry').length;
  if (item.passage !== '' || (entryCount > 0 && one?.kind === 'textEntry')) {
    const multiple = entryCount > 1;
    let n = 0;
    const passage = item.passage !== '' ? item.passage : '[[1]]';
    const html = textToHtml(passage).replace(/\[\[(\d+)\]\]/g, (_m, k: string) => {
      n += 1;
      const id = multiple ? `RESPONSE_${k}` : 'RESPONSE';
      return `<qti-text-entry-interaction response-identifier="${id}"/>`;
    });
    item.interactions.forEach((interaction, i) => {
      if (interaction.kind !== 'textEntry') return;
      const id = multiple ? `RESPONSE_${i + 1}` : 'RESPONSE';
      const mapping = `<qti-mapping default-value="0">${interaction.correct
        .map(
          (v) =>
            `<qti-map-entry map-key="${escapeXml(v)}" mapped-value="1" case-sensitive="${interaction.caseSensitive}"/>`,
        )
        .join('')}</qti-mapping>`;
      decls.push(responseDeclaration(id, 'single', 'string', interaction.correct.slice(0, 1), mapping));
    });
    body.push(html);
    void n;
    processing = multiple ? '' : `  <qti-response-processing template="${RP_MAP}"/>`;
  } else if (one) {
    switch (one.kind) {
      case 'choice': {
        decls.push(
          responseDeclaration(
            'RESPONSE',
            one.maxChoices === 1 ? 'single' : 'multiple',
            'identifier',
            one.correct,
          ),
        );
        const choices = one.choices.map(
          (c) =>
            `<qti-simple-choice identifier="${escapeXml(c.id)}">${inlineHtml(c.text, resolve)}</qti-simple-choice>`,
        );
        body.push(
          `<qti-choice-interaction response-identifier="RESPONSE" max-choices="${one.maxChoices}" shuffle="${one.shuffle}">${choices.join('')}</qti-choice-interaction>`,
        );
        processing = `  <qti-response-processing template="${RP_MATCH}"/>`;
        break;
      }
      case 'order': {
        decls.push(responseDeclaration('RESPONSE', 'ordered', 'identifier', one.correct));
        const choices = one.choices.map(
          (c) => `<qti-simple-choice identifier="${escapeXml(c.id)}">${inline(c.text)}</qti-simple-choice>`,
        );
        body.push(
          `<qti-order-interaction response-identifier="RESPONSE" shuffle="true">${choices.join('')}</qti-order-interaction>`,
        );
        processing = `  <qti-response-processing template="${RP_MATCH}"/>`;
        break;
      }
      case 'match': {
        decls.push(
          responseDeclaration(
            'RESPONSE',
            'multiple',
            'directedPair',
            one.correct.map((p) => p.join(' ')),
          ),
        );
        const set = (list: { id: string; text: string; matchMax: number }[]) =>
          `<qti-simple-match-set>${list.map((c) => `<qti-simple-associable-choice identifier="${escapeXml(c.id)}" match-max="${c.matchMax}">${inline(c.text)}</qti-simple-associable-choice>`).join('')}</qti-simple-match-set>`;
        body.push(
          `<qti-match-interaction response-identifier="RESPONSE" max-associations="${one.sources.length}" shuffle="true">${set(one.sources)}${set(one.targets)}</qti-match-interaction>`,
        );
        processing = `  <qti-response-processing template="${RP_MATCH}"/>`;
        break;
      }
      case 'extendedText':
        decls.push(
          responseDeclaration('RESPONSE', 'single', 'string', one.modelAnswer ? [one.modelAnswer] : []),
        );
        body.push(`<qti-extended-text-interaction response-identifier="RESPONSE" format="${one.format}"/>`);
        break;
      case 'upload': {
        decls.push(responseDeclaration('RESPONSE', 'single', 'file', []));
        // QTI takes MIME types only: extensions become theirs; one without a known type is left out.
        const types = [...new Set(one.types.map(mimeOf).filter((t): t is string => t !== null))];
        body.push(
          `<qti-upload-interaction response-identifier="RESPONSE"${types.length ? ` type="${escapeXml(types.join(' '))}"` : ''}/>`,
        );
        break;
      }
      default:
        break;
    }
  }
  // The marking guide, for scorers only (a candidate's player does not show it).
  if (item.rubric)
    body.push(
      `<qti-rubric-block use="scoring" view="scorer"><qti-content-body>${textToHtml(item.rubric)}</qti-content-body></qti-rubric-block>`,
    );
  const score = item.score ?? 1;
  const hint = item.typeHint ? ` class="vbuilder-type-${item.typeHint}"` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<qti-assessment-item xmlns="${QTI3_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${QTI3_NS} https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd" identifier="${escapeXml(item.identifier)}" title="${escapeXml(item.title)}" adaptive="false" time-dependent="false" xml:lang="${escapeXml(lang)}">`,
    ...decls,
    `  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float" normal-maximum="${score}"><qti-default-value><qti-value>0</qti-value></qti-default-value></qti-outcome-declaration>`,
    `  <qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>${score}</qti-value></qti-default-value></qti-outcome-declaration>`,
    `  <qti-item-body${hint}>`,
    ...body.map((b) => `    ${b}`),
    '  </qti-item-body>',
    ...(processing ? [processing] : []),
    '</qti-assessment-item>',
    '',
  ].join('\n');
}

export { plain };
