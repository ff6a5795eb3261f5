import { describe, expect, it } from 'vitest';
import { exportQuestions } from './index.ts';
import { samplesFor } from './test-fixtures.ts';
import { attr, childElements, descendants, localName, parseXml } from './xml.ts';
import { readZip } from './zip.ts';

/**
 * The QTI 3.0 package vbuilder writes, checked against the rules of the QTI 3.0 information
 * model and content packaging that a reader relies on (the official XSDs are not shipped: see
 * apps/api/src/modules/question-interchange/README.md; qti3-schema.test.ts validates against them where they are present): element order of an item, identifiers, every interaction
 * bound to a declared response, correct responses naming existing choices, and a manifest and
 * test whose references all resolve inside the package.
 */
const ID = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const QTI3 = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const ITEM_ORDER = [
  'qti-response-declaration',
  'qti-outcome-declaration',
  'qti-item-body',
  'qti-response-processing',
];

describe('QTI 3.0 package structure', async () => {
  const result = await exportQuestions(samplesFor('qti3'), 'qti3', { title: 'Samples' });
  const files = readZip(result.bytes);
  const text = (name: string) => new TextDecoder().decode(files.get(name)!);
  const items = [...files.keys()].filter((n) => /^items\/Q\d+\.xml$/.test(n));

  it('is a zip with a manifest, a test and one file per item', () => {
    expect(result.contentType).toBe('application/zip');
    expect(result.fileName).toBe('Samples.qti3.zip');
    expect(files.has('imsmanifest.xml')).toBe(true);
    expect(files.has('test.xml')).toBe(true);
    expect(items).toHaveLength(samplesFor('qti3').length);
  });

  it('manifest resources and test item references resolve inside the package', () => {
    const manifest = parseXml(text('imsmanifest.xml'));
    const hrefs = descendants(manifest, 'file').map((f) => attr(f, 'href')!);
    for (const href of hrefs) expect(files.has(href), href).toBe(true);
    const types = descendants(manifest, 'resource').map((r) => attr(r, 'type'));
    expect(new Set(types)).toEqual(new Set(['imsqti_test_xmlv3p0', 'imsqti_item_xmlv3p0']));
    const test = parseXml(text('test.xml'));
    expect(test.namespaceURI).toBe(QTI3);
    const refs = descendants(test, 'qti-assessment-item-ref');
    expect(refs.map((r) => attr(r, 'href')).sort()).toEqual([...items].sort());
    const ids = [...descendants(test, 'qti-assessment-section'), ...refs].map((e) => attr(e, 'identifier')!);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(ID);
  });

  it.each(items.length ? items : ['(none)'])('%s follows the item rules', (name) => {
    const root = parseXml(text(name));
    expect(localName(root)).toBe('qti-assessment-item');
    expect(root.namespaceURI).toBe(QTI3);
    expect(attr(root, 'identifier')).toMatch(ID);
    expect(attr(root, 'title')).toBeTruthy();
    const order = childElements(root).map((e) => ITEM_ORDER.indexOf(localName(e)));
    expect(order.every((v) => v >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const declared = new Map(
      childElements(root, 'qti-response-declaration').map((d) => [attr(d, 'identifier')!, d]),
    );
    const body = childElements(root, 'qti-item-body')[0]!;
    const bound = [
      'qti-choice-interaction',
      'qti-order-interaction',
      'qti-match-interaction',
      'qti-text-entry-interaction',
      'qti-extended-text-interaction',
      'qti-upload-interaction',
    ].flatMap((tag) => descendants(body, tag));
    expect(bound.length).toBeGreaterThan(0);
    const used = bound.map((i) => attr(i, 'response-identifier')!);
    expect([...used].sort()).toEqual([...declared.keys()].sort());
    for (const interaction of bound) {
      const choices = [
        ...descendants(interaction, 'qti-simple-choice'),
        ...descendants(interaction, 'qti-simple-associable-choice'),
      ].map((c) => attr(c, 'identifier')!);
      expect(new Set(choices).size).toBe(choices.length);
      for (const id of choices) expect(id).toMatch(ID);
      const declaration = declared.get(attr(interaction, 'response-identifier')!)!;
      const values = descendants(declaration, 'qti-value').map((v) => v.textContent ?? '');
      if (attr(declaration, 'base-type') === 'identifier')
        for (const v of values) expect(choices).toContain(v);
      if (attr(declaration, 'base-type') === 'directedPair')
        for (const v of values) for (const part of v.split(' ')) expect(choices).toContain(part);
    }
    for (const img of descendants(body, 'img')) expect(files.has(`items/${attr(img, 'src')}`)).toBe(true);
  });
});
