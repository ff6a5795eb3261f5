import type { Element } from '@xmldom/xmldom';
import { htmlToText, plain, type RichText } from '../rich-text.ts';
import { attr, child, childElements, descendants, elementPath, localName, textOf } from '../xml.ts';
import type { QtiInteraction, QtiItem } from './models.ts';

/**
 * QTI 1.2 (questestinterop), as Canvas, Blackboard and older tools export it, read into QtiItem.
 * Canvas names its question type in itemmetadata (question_type); other tools are read from
 * their response elements: response_lid (choices), response_str (typed answers).
 */

export interface Qti12ReadItem {
  item: QtiItem;
  /** Section titles around the item (Canvas: question groups). */
  sections: string[];
  /** Canvas question_type, or the response element kind. */
  foreignType: string;
  where: string;
}

/** IMS Common Cartridge question profiles (Canvas .imscc and other CC exports) as Canvas types. */
const CC_PROFILES: Record<string, string> = {
  'cc.multiple_choice.v0p1': 'multiple_choice_question',
  'cc.true_false.v0p1': 'true_false_question',
  'cc.multiple_response.v0p1': 'multiple_answers_question',
  'cc.fib.v0p1': 'short_answer_question',
  'cc.pattern_match.v0p1': 'pattern_match_question',
  'cc.essay.v0p1': 'essay_question',
};

export const isQti12Root = (root: Element) => localName(root) === 'questestinterop';

function metadata(item: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of descendants(item, 'qtimetadatafield'))
    out[textOf(child(field, 'fieldlabel')).trim()] = textOf(child(field, 'fieldentry')).trim();
  return out;
}

/** A <material>: mattext (text/html or plain) and matimage. */
function materialText(material: Element | undefined): RichText {
  if (!material) return plain('');
  const parts: string[] = [];
  const images: string[] = [];
  let flattened = false;
  for (const node of childElements(material)) {
    const name = localName(node);
    if (name === 'mattext' || name === 'mat_extension') {
      const raw = textOf(node);
      const type = attr(node, 'texttype') ?? 'text/plain';
      if (type.includes('html')) {
        const rich = htmlToText(raw);
        parts.push(rich.text);
        images.push(...rich.images);
        flattened ||= rich.flattened;
      } else parts.push(raw.trim());
    } else if (name === 'matimage') {
      const uri = attr(node, 'uri');
      if (uri) images.push(uri);
    }
  }
  return { text: parts.filter(Boolean).join('\n'), images, flattened };
}

/** Correct values per response ident: varequal inside conditions that set a positive score. */
function correctValues(item: Element): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const condition of descendants(item, 'respcondition')) {
    const setvar = child(condition, 'setvar');
    const value = Number(textOf(setvar).trim() || '0');
    if (!setvar || !(value > 0)) continue;
    const conditionvar = child(condition, 'conditionvar');
    if (!conditionvar) continue;
    const walk = (element: Element, negated: boolean) => {
      for (const node of childElements(element)) {
        const name = localName(node);
        if (name === 'not') walk(node, true);
        else if (name === 'and' || name === 'or') walk(node, negated);
        else if (name === 'varequal' && !negated) {
          const ident = attr(node, 'respident') ?? '';
          const list = out.get(ident) ?? [];
          list.push(textOf(node).trim());
          out.set(ident, list);
        }
      }
    };
    walk(conditionvar, false);
  }
  return out;
}

const labels = (lid: Element) =>
  descendants(lid, 'response_label').map((label) => ({
    id: attr(label, 'ident') ?? '',
    text: materialText(child(label, 'material')),
  }));

export function readQti12(root: Element): Qti12ReadItem[] {
  const out: Qti12ReadItem[] = [];
  const walk = (element: Element, sections: string[]) => {
    for (const node of childElements(element)) {
      const name = localName(node);
      if (name === 'item') out.push(readItem(node, sections));
      else if (name === 'section' || name === 'assessment' || name === 'objectbank') {
        const title = attr(node, 'title');
        walk(
          node,
          name === 'section' && title && attr(node, 'ident') !== 'root_section'
            ? [...sections, title]
            : sections,
        );
      }
    }
  };
  walk(root, []);
  return out;
}

function readItem(element: Element, sections: string[]): Qti12ReadItem {
  const meta = metadata(element);
  const presentation = child(element, 'presentation');
  const correct = correctValues(element);
  const lids = presentation ? descendants(presentation, 'response_lid') : [];
  const strs = presentation ? descendants(presentation, 'response_str') : [];
  const canvasType = meta.question_type ?? CC_PROFILES[meta.cc_profile ?? ''] ?? '';
  const foreignType = canvasType || (lids.length ? 'response_lid' : strs.length ? 'response_str' : 'none');
  // The question text: the presentation's own materials (not those inside responses).
  const materials = presentation
    ? childElements(presentation).filter((e) => localName(e) === 'material')
    : [];
  const flowMaterials = presentation
    ? descendants(presentation, 'flow').flatMap((f) =>
        childElements(f).filter((e) => localName(e) === 'material'),
      )
    : [];
  const texts = [...materials, ...flowMaterials].map(materialText);
  let text: RichText = {
    text: texts
      .map((t) => t.text)
      .filter(Boolean)
      .join('\n\n'),
    images: texts.flatMap((t) => t.images),
    flattened: texts.some((t) => t.flattened),
  };
  let passage = '';
  const interactions: QtiInteraction[] = [];
  const score = Number(meta.points_possible ?? '');
  const type = canvasType || foreignType;
  if (type === 'fill_in_multiple_blanks_question') {
    // Canvas: "[blank]" names in the text, one response_lid per blank whose labels are the accepted answers.
    const names: string[] = [];
    passage = text.text.replace(/\[([A-Za-z0-9_-]+)\]/g, (_m, name: string) => {
      names.push(name);
      return `[[${names.length}]]`;
    });
    for (const name of names) {
      const lid = lids.find((l) => (attr(l, 'ident') ?? '') === `response_${name}`);
      const accepted = lid ? labels(lid).map((l) => l.text.text) : [];
      interactions.push({ kind: 'textEntry', correct: accepted, caseSensitive: false });
    }
    text = { ...text, text: attr(element, 'title') ?? '' };
  } else if (type === 'matching_question') {
    const sources = lids.map((lid) => ({
      id: attr(lid, 'ident') ?? '',
      text: materialText(child(lid, 'material')).text,
      matchMax: 1,
    }));
    const targetMap = new Map<string, string>();
    for (const lid of lids) for (const l of labels(lid)) targetMap.set(l.id, l.text.text);
    const pairs: [string, string][] = [];
    for (const s of sources) for (const v of correct.get(s.id) ?? []) pairs.push([s.id, v]);
    interactions.push({
      kind: 'match',
      sources,
      targets: [...targetMap].map(([id, t]) => ({ id, text: t, matchMax: 1 })),
      correct: pairs,
    });
  } else if (
    ['multiple_choice_question', 'true_false_question', 'multiple_answers_question', 'response_lid'].includes(
      type,
    ) &&
    lids.length === 1
  ) {
    const lid = lids[0]!;
    const multiple =
      type === 'multiple_answers_question' || (attr(lid, 'rcardinality') ?? '').toLowerCase() === 'multiple';
    interactions.push({
      kind: 'choice',
      choices: labels(lid),
      correct: correct.get(attr(lid, 'ident') ?? '') ?? [],
      maxChoices: multiple ? 0 : 1,
      shuffle:
        (descendants(lid, 'render_choice')[0] && attr(descendants(lid, 'render_choice')[0]!, 'shuffle')) ===
        'Yes',
      mapping: {},
    });
  } else if (
    (type === 'short_answer_question' || type === 'response_str') &&
    strs.length === 1 &&
    correct.size > 0
  ) {
    interactions.push({
      kind: 'textEntry',
      correct: correct.get(attr(strs[0]!, 'ident') ?? '') ?? [...correct.values()].flat(),
      caseSensitive: false,
    });
  } else if (type === 'essay_question' || (type === 'response_str' && strs.length === 1)) {
    interactions.push({ kind: 'extendedText', format: 'xhtml', expectedLength: null, modelAnswer: '' });
  } else if (type === 'file_upload_question') {
    interactions.push({ kind: 'upload', types: [] });
  } else {
    interactions.push({ kind: 'other', name: type });
  }
  const title = attr(element, 'title') ?? '';
  return {
    item: {
      identifier: attr(element, 'ident') ?? '',
      title,
      text,
      passage,
      interactions,
      score: Number.isFinite(score) && score > 0 ? score : null,
      hasFeedback: descendants(element, 'itemfeedback').some(
        (f) => materialText(descendants(f, 'material')[0]).text !== '',
      ),
      typeHint: null,
    },
    sections,
    foreignType,
    where: `${elementPath(element)}${title ? ` “${title}”` : ''}`,
  };
}
