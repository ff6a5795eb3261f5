import type { Element } from '@xmldom/xmldom';
import type { Note } from '../convert.ts';
import { InterchangeFileError, malformed } from '../errors.ts';
import { imageContentType } from '../rich-text.ts';
import type { Format } from '../types.ts';
import { attr, childElements, descendants, escapeXml, localName, parseXml } from '../xml.ts';
import { isZip, normalisePackagePath, readZip, writeZip } from '../zip.ts';
import type { QtiItem } from './models.ts';
import {
  isQtiItemRoot,
  isQtiTestRoot,
  qtiIdentifier,
  qtiName,
  qtiVersionOf,
  readQtiItem,
  readQtiTest,
  writeQtiItem,
} from './qti.ts';
import { isQti12Root, readQti12 } from './qti12.ts';
import { decodeTextFile } from './text-decode.ts';

/**
 * QTI documents and content packages: a single item or test file, or a zip with imsmanifest.xml
 * (resources of type imsqti_item_*, imsqti_test_*, imsqti_xmlv1p2 for QTI 1.2 / Canvas) or
 * without one (every XML file is read by its root element). Items a test names take the titles
 * of the sections around them as their category; images resolve relative to the item's file.
 */

export interface QtiUnit {
  item: QtiItem;
  category: string[];
  where: string;
  foreignType: string;
  image: (ref: string) => { bytes: Uint8Array; contentType: string; name: string } | null;
}

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '');

/** 'items/../media/a.png' relative to 'items/q1.xml' → 'media/a.png' (null when it leaves the package). */
export function resolvePath(from: string, ref: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('/')) return null;
  const parts = (dirOf(from) + decodeURIComponent(ref.split(/[?#]/)[0]!)).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/** Canvas writes course files as $IMS-CC-FILEBASE$/…, kept under web_resources/ in its export. */
const CANVAS_FILEBASE = '$IMS-CC-FILEBASE$/';

function imageResolver(files: Map<string, Uint8Array> | null, from: string) {
  return (ref: string) => {
    const path = ref.startsWith(CANVAS_FILEBASE)
      ? resolvePath('', `web_resources/${ref.slice(CANVAS_FILEBASE.length)}`)
      : resolvePath(from, ref);
    const data = path && files?.get(path);
    const contentType = imageContentType(ref);
    return data && contentType ? { bytes: data, contentType, name: path!.split('/').pop()! } : null;
  };
}

const FOREIGN = (item: QtiItem) =>
  item.interactions.map((i) => (i.kind === 'other' ? i.name : `${i.kind}Interaction`)).join(', ') ||
  'no interaction';

function itemUnit(
  item: QtiItem,
  category: string[],
  where: string,
  files: Map<string, Uint8Array> | null,
  from: string,
  skipped: { item: string; note: Note }[],
  units: QtiUnit[],
) {
  const label = item.title ? `${where} “${item.title}”` : where;
  const blocks = item.interactions.filter((i) => i.kind !== 'textEntry');
  if (blocks.length > 1 || (blocks.length === 1 && item.interactions.length > 1)) {
    skipped.push({
      item: label,
      note: { code: 'severalInteractions', params: { count: item.interactions.length } },
    });
    return;
  }
  units.push({ item, category, where: label, foreignType: FOREIGN(item), image: imageResolver(files, from) });
}

function parseDocument(text: string, where: string): Element {
  return parseXml(text, where);
}

function readXmlDocument(
  root: Element,
  path: string,
  files: Map<string, Uint8Array> | null,
  category: string[],
  units: QtiUnit[],
  skipped: { item: string; note: Note }[],
  seen: Set<string>,
) {
  if (isQtiItemRoot(root)) {
    if (seen.has(path)) return;
    seen.add(path);
    itemUnit(
      readQtiItem(root),
      category,
      path || (attr(root, 'identifier') ?? 'item'),
      files,
      path,
      skipped,
      units,
    );
  } else if (isQtiTestRoot(root)) {
    for (const ref of readQtiTest(root)) {
      const target = resolvePath(path, ref.href);
      const data = target ? files?.get(target) : undefined;
      if (!target || !data) {
        skipped.push({ item: ref.href, note: { code: 'resourceUnreadable', params: { file: ref.href } } });
        continue;
      }
      const child = parseDocument(decodeTextFile(data), target);
      readXmlDocument(child, target, files, [...category, ...ref.sections], units, skipped, seen);
    }
  } else if (isQti12Root(root)) {
    for (const read of readQti12(root)) {
      const where = path ? `${path}: ${read.where}` : read.where;
      const item = read.item;
      if (item.interactions.length === 1 && item.interactions[0]!.kind === 'other') {
        skipped.push({ item: where, note: { code: 'unsupportedType', params: { type: read.foreignType } } });
        continue;
      }
      units.push({
        item,
        category: [...category, ...read.sections],
        where,
        foreignType: read.foreignType,
        image: imageResolver(files, path),
      });
    }
  }
}

/** Resource hrefs of a manifest that hold QTI, in manifest order (xml:base applied). */
function manifestResources(manifest: Element): { href: string; type: string }[] {
  const out: { href: string; type: string }[] = [];
  for (const resources of childElements(manifest).filter((e) => localName(e) === 'resources')) {
    const base = attr(resources, 'xml:base') ?? '';
    for (const resource of childElements(resources).filter((e) => localName(e) === 'resource')) {
      const type = attr(resource, 'type') ?? '';
      const href =
        attr(resource, 'href') ??
        descendants(resource, 'file')
          .map((f) => attr(f, 'href'))
          .find((h) => h?.endsWith('.xml') || h?.endsWith('.qti')) ??
        '';
      if (/imsqti/i.test(type) && href)
        out.push({ href: normalisePackagePath((attr(resource, 'xml:base') ?? base) + href), type });
    }
  }
  // Tests first, so their items get the sections' categories before being read on their own.
  return out.sort((a, b) => Number(/test/i.test(b.type)) - Number(/test/i.test(a.type)));
}

export function detectPackage(bytes: Uint8Array): Format | null {
  const files = readZip(bytes);
  const manifest = files.get('imsmanifest.xml');
  if (manifest) {
    const types = manifestResources(parseXml(decodeTextFile(manifest), 'imsmanifest.xml'))
      .map((r) => r.type)
      .join(' ');
    if (/v3p0/i.test(types)) return 'qti3';
    if (/v2p[12]/i.test(types)) return 'qti2';
    if (/v1p2/i.test(types)) return 'qti12';
  }
  for (const [name, data] of files) {
    if (!/\.(xml|qti)$/i.test(name) || name === 'imsmanifest.xml') continue;
    const head = decodeTextFile(data.subarray(0, 4096));
    if (/<qti-assessment-(item|test)[\s>]/.test(head)) return 'qti3';
    if (/<assessment(Item|Test)[\s>]/.test(head)) return 'qti2';
    if (/<questestinterop[\s>]/.test(head)) return 'qti12';
  }
  return null;
}

/** Every QTI item of a file (single XML document or package). */
export function readQtiDocuments(
  bytes: Uint8Array,
  format: Format,
): { units: QtiUnit[]; skipped: { item: string; note: Note }[] } {
  const units: QtiUnit[] = [];
  const skipped: { item: string; note: Note }[] = [];
  const seen = new Set<string>();
  if (!isZip(bytes)) {
    const root = parseDocument(decodeTextFile(bytes), '');
    if (!isQtiItemRoot(root) && !isQtiTestRoot(root) && !isQti12Root(root))
      throw malformed(localName(root), `not a ${format} document`);
    readXmlDocument(root, '', null, [], units, skipped, seen);
    return { units, skipped };
  }
  const files = readZip(bytes);
  const manifestBytes = files.get('imsmanifest.xml');
  const paths = manifestBytes
    ? manifestResources(parseDocument(decodeTextFile(manifestBytes), 'imsmanifest.xml')).map((r) => r.href)
    : [...files.keys()].filter((name) => /\.(xml|qti)$/i.test(name)).sort();
  for (const path of paths) {
    const data = files.get(path);
    if (!data) {
      skipped.push({ item: path, note: { code: 'resourceUnreadable', params: { file: path } } });
      continue;
    }
    let root: Element;
    try {
      root = parseDocument(decodeTextFile(data), path);
    } catch (error) {
      if (error instanceof InterchangeFileError && error.kind === 'malformed') {
        skipped.push({ item: path, note: { code: 'resourceUnreadable', params: { file: path } } });
        continue;
      }
      throw error;
    }
    readXmlDocument(root, path, files, [], units, skipped, seen);
  }
  return { units, skipped };
}

export interface QtiWriteItem {
  item: QtiItem;
  category: string[];
  /** Image URL → loaded image, written under items/media/. */
  images: Map<string, { bytes: Uint8Array; contentType: string; name: string }>;
}

const QTI3_NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const CP_NS = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';

interface SectionNode {
  title: string;
  items: string[];
  children: Map<string, SectionNode>;
}

/** A QTI 3.0 content package: one file per item, a test whose sections are the categories, a manifest. */
export function writeQtiPackage(items: QtiWriteItem[], lang: string, title: string): Uint8Array {
  const files = new Map<string, Uint8Array>();
  const encoder = new TextEncoder();
  const resources: string[] = [];
  const root: SectionNode = { title: '', items: [], children: new Map() };
  for (const { item, category, images } of items) {
    const id = qtiIdentifier(item.identifier, 'Q');
    const href = `items/${id}.xml`;
    const media: string[] = [];
    const resolve = (url: string) => {
      const image = images.get(url);
      if (!image) return url;
      const path = `media/${id}-${image.name}`;
      files.set(`items/${path}`, image.bytes);
      media.push(`items/${path}`);
      return path;
    };
    files.set(href, encoder.encode(writeQtiItem({ ...item, identifier: id }, resolve, lang)));
    resources.push(
      `    <resource identifier="${id}" type="imsqti_item_xmlv3p0" href="${href}"><file href="${href}"/>${media.map((m) => `<file href="${escapeXml(m)}"/>`).join('')}</resource>`,
    );
    let node = root;
    for (const name of category) {
      if (!node.children.has(name)) node.children.set(name, { title: name, items: [], children: new Map() });
      node = node.children.get(name)!;
    }
    node.items.push(id);
  }
  let sectionCount = 0;
  const section = (node: SectionNode, visible: boolean, indent: string): string => {
    sectionCount += 1;
    const id = `S${sectionCount}`;
    const inner = [
      ...node.items.map(
        (id) => `${indent}  <qti-assessment-item-ref identifier="REF-${id}" href="items/${id}.xml"/>`,
      ),
      ...[...node.children.values()].map((c) => section(c, true, `${indent}  `)),
    ];
    return [
      `${indent}<qti-assessment-section identifier="${id}" title="${escapeXml(node.title || title)}" visible="${visible}">`,
      ...inner,
      `${indent}</qti-assessment-section>`,
    ].join('\n');
  };
  const test = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<qti-assessment-test xmlns="${QTI3_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${QTI3_NS} https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd" identifier="TEST" title="${escapeXml(title)}">`,
    '  <qti-test-part identifier="PART" navigation-mode="nonlinear" submission-mode="simultaneous">',
    section(root, false, '    '),
    '  </qti-test-part>',
    '</qti-assessment-test>',
    '',
  ].join('\n');
  files.set('test.xml', encoder.encode(test));
  const manifest = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<manifest xmlns="${CP_NS}" identifier="MANIFEST">`,
    '  <metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>',
    '  <organizations/>',
    '  <resources>',
    `    <resource identifier="TEST" type="imsqti_test_xmlv3p0" href="test.xml"><file href="test.xml"/></resource>`,
    ...resources,
    '  </resources>',
    '</manifest>',
    '',
  ].join('\n');
  files.set('imsmanifest.xml', encoder.encode(manifest));
  return writeZip(
    new Map(
      [...files].sort(([a], [b]) =>
        a === 'imsmanifest.xml' ? -1 : b === 'imsmanifest.xml' ? 1 : a.localeCompare(b),
      ),
    ),
  );
}

export { qtiName, qtiVersionOf };
