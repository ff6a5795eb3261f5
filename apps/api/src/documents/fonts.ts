import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as hb from 'harfbuzzjs';

/**
 * The fonts every document is set in: the Noto family of each script our 12 languages write
 * (Latin with Vietnamese, Thai, Khmer, Myanmar, Bengali, Devanagari, Simplified Chinese), regular
 * and bold, all TrueType outlines so one embedding (CIDFontType2) serves them all. They come from
 * npm packages, so nothing is fetched at run time; each file is read only when a document first
 * needs that script.
 */

const require = createRequire(import.meta.url);
const latinDir = path.join(path.dirname(require.resolve('@embedpdf/fonts-latin')), '..', 'fonts');

export const SCRIPT_FONTS = ['latin', 'thai', 'khmer', 'myanmar', 'bengali', 'devanagari', 'han'] as const;
export type ScriptFont = (typeof SCRIPT_FONTS)[number];
export type Weight = 'regular' | 'bold';

/** The npm package and file stem of each script's Noto font (Google Fonts' static TrueType builds). */
const GOOGLE_FONTS: Record<Exclude<ScriptFont, 'latin'>, [pkg: string, stem: string]> = {
  thai: ['noto-sans-thai', 'NotoSansThai'],
  khmer: ['noto-sans-khmer', 'NotoSansKhmer'],
  myanmar: ['noto-sans-myanmar', 'NotoSansMyanmar'],
  bengali: ['noto-sans-bengali', 'NotoSansBengali'],
  devanagari: ['noto-sans-devanagari', 'NotoSansDevanagari'],
  han: ['noto-sans-sc', 'NotoSansSC'],
};

function fontFile(script: ScriptFont, weight: Weight): string {
  if (script === 'latin')
    return path.join(latinDir, `NotoSans-${weight === 'bold' ? 'Bold' : 'Regular'}.ttf`);
  const [pkg, stem] = GOOGLE_FONTS[script];
  const style = weight === 'bold' ? '700Bold' : '400Regular';
  return require.resolve(`@expo-google-fonts/${pkg}/${style}/${stem}_${style}.ttf`);
}

/** One font file, open for shaping. */
export interface LoadedFont {
  /** Unique per script and weight, e.g. 'thai-bold'. */
  key: string;
  /** The PostScript name, e.g. NotoSansThai-Bold. */
  postScriptName: string;
  bytes: Uint8Array;
  face: hb.Face;
  font: hb.Font;
  upem: number;
  /** Code points the font maps to a glyph. */
  covers: Set<number>;
  ascender: number;
  descender: number;
  /** Bounding box of all glyphs in font units (head table), for the PDF font descriptor. */
  bbox: [number, number, number, number];
  capHeight: number;
}

const cache = new Map<string, LoadedFont>();

/** Reads the font's bounding box from its `head` table (xMin, yMin, xMax, yMax at offset 36). */
function headBox(face: hb.Face): [number, number, number, number] {
  const head = face.referenceTable('head');
  if (!head || head.length < 44) return [0, -300, 1000, 1000];
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  return [view.getInt16(36), view.getInt16(38), view.getInt16(40), view.getInt16(42)];
}

/** The font of a script and weight, loaded (and kept for the life of the process) on first use. */
export function loadFont(script: ScriptFont, weight: Weight): LoadedFont {
  const key = `${script}-${weight}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const bytes = new Uint8Array(readFileSync(fontFile(script, weight)));
  const face = new hb.Face(new hb.Blob(bytes));
  const font = new hb.Font(face);
  const extents = font.hExtents();
  const loaded: LoadedFont = {
    key,
    postScriptName: face.getName(6, 'en').replace(/[^A-Za-z0-9-]/g, '') || `Noto-${key}`,
    bytes,
    face,
    font,
    upem: face.upem,
    covers: new Set(face.collectUnicodes()),
    ascender: extents.ascender,
    descender: extents.descender,
    bbox: headBox(face),
    capHeight: font.getMetricPositionWithFallback('cpht' as never) || extents.ascender * 0.7,
  };
  cache.set(key, loaded);
  return loaded;
}

/**
 * The script font a character asks for, or null for characters every script shares (spaces,
 * digits, punctuation, marks), which go with the text around them.
 */
export function scriptOf(codePoint: number): ScriptFont | null {
  if (codePoint >= 0x0e00 && codePoint <= 0x0e7f) return 'thai';
  if ((codePoint >= 0x1780 && codePoint <= 0x17ff) || (codePoint >= 0x19e0 && codePoint <= 0x19ff))
    return 'khmer';
  if (
    (codePoint >= 0x1000 && codePoint <= 0x109f) ||
    (codePoint >= 0xa9e0 && codePoint <= 0xa9ff) ||
    (codePoint >= 0xaa60 && codePoint <= 0xaa7f)
  )
    return 'myanmar';
  if (codePoint >= 0x0980 && codePoint <= 0x09ff) return 'bengali';
  if ((codePoint >= 0x0900 && codePoint <= 0x097f) || (codePoint >= 0xa8e0 && codePoint <= 0xa8ff))
    return 'devanagari';
  if (
    (codePoint >= 0x2e80 && codePoint <= 0x2fdf) || // radicals
    (codePoint >= 0x3000 && codePoint <= 0x303f) || // CJK punctuation
    (codePoint >= 0x3400 && codePoint <= 0x4dbf) ||
    (codePoint >= 0x4e00 && codePoint <= 0x9fff) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xff00 && codePoint <= 0xffef) || // full-width forms
    (codePoint >= 0x20000 && codePoint <= 0x3134f)
  )
    return 'han';
  if (/[\p{L}]/u.test(String.fromCodePoint(codePoint))) return 'latin';
  return null;
}
