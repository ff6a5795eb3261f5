import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Font subsetting with HarfBuzz's hb-subset (the WASM build shipped in harfbuzzjs), which
 * harfbuzzjs's JavaScript API does not wrap: we call its C functions directly.
 *
 * The subset keeps the glyph ids of the full font (RETAIN_GIDS), so the glyphs a document shaped
 * with the full font are drawn with the same ids from the subset: no renumbering to get wrong.
 * Hinting and the layout tables are dropped: a PDF viewer needs outlines and advances only.
 */

interface SubsetExports {
  memory: { buffer: ArrayBuffer };
  malloc(size: number): number;
  free(ptr: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, lengthPtr: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set(input: number, setType: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
  _initialize?: () => void;
}

interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: object };
}

// hb_subset_flags_t and hb_subset_sets_t (hb-subset.h).
const FLAG_NO_HINTING = 0x1;
const FLAG_RETAIN_GIDS = 0x2;
const FLAG_NOTDEF_OUTLINE = 0x40;
const FLAG_NO_LAYOUT_CLOSURE = 0x200;
const SET_DROP_TABLE_TAG = 3;
const MEMORY_MODE_READONLY = 1;
const DROPPED_TABLES = [
  'GSUB',
  'GPOS',
  'GDEF',
  'BASE',
  'JSTF',
  'MATH',
  'STAT',
  'vhea',
  'vmtx',
  'VORG',
  'kern',
  'DSIG',
];

const tag = (s: string) =>
  ((s.charCodeAt(0) << 24) | (s.charCodeAt(1) << 16) | (s.charCodeAt(2) << 8) | s.charCodeAt(3)) >>> 0;

let wasm: SubsetExports | null = null;
function subsetter(): SubsetExports {
  if (wasm) return wasm;
  const require = createRequire(import.meta.url);
  const file = require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm');
  // The API's TypeScript libraries leave out WebAssembly's types (no DOM lib); Node has it all.
  const { Module, Instance } = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
  wasm = new Instance(new Module(readFileSync(file)), {}).exports as unknown as SubsetExports;
  wasm._initialize?.();
  return wasm;
}

/** Each font's face, copied once into the subsetter's memory (the CJK font is 10 MB). */
const faces = new Map<string, number>();

function faceOf(key: string, bytes: Uint8Array): number {
  const existing = faces.get(key);
  if (existing !== undefined) return existing;
  const hb = subsetter();
  const data = hb.malloc(bytes.length);
  new Uint8Array(hb.memory.buffer, data, bytes.length).set(bytes);
  const blob = hb.hb_blob_create(data, bytes.length, MEMORY_MODE_READONLY, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  faces.set(key, face);
  return face;
}

/** A TrueType font with only the given glyphs (plus .notdef), at their original ids. */
export function subsetFont(key: string, bytes: Uint8Array, glyphIds: Iterable<number>): Uint8Array {
  const hb = subsetter();
  const face = faceOf(key, bytes);
  const input = hb.hb_subset_input_create_or_fail();
  if (!input) throw new Error('hb-subset: no input');
  try {
    const glyphs = hb.hb_subset_input_glyph_set(input);
    hb.hb_set_add(glyphs, 0);
    for (const id of glyphIds) hb.hb_set_add(glyphs, id);
    const drop = hb.hb_subset_input_set(input, SET_DROP_TABLE_TAG);
    for (const table of DROPPED_TABLES) hb.hb_set_add(drop, tag(table));
    hb.hb_subset_input_set_flags(
      input,
      FLAG_NO_HINTING | FLAG_RETAIN_GIDS | FLAG_NOTDEF_OUTLINE | FLAG_NO_LAYOUT_CLOSURE,
    );
    const subset = hb.hb_subset_or_fail(face, input);
    if (!subset) throw new Error(`hb-subset failed for ${key}`);
    const blob = hb.hb_face_reference_blob(subset);
    const lengthPtr = hb.malloc(4);
    try {
      const data = hb.hb_blob_get_data(blob, lengthPtr);
      const length = new Uint32Array(hb.memory.buffer, lengthPtr, 1)[0]!;
      return new Uint8Array(hb.memory.buffer, data, length).slice();
    } finally {
      hb.free(lengthPtr);
      hb.hb_blob_destroy(blob);
      hb.hb_face_destroy(subset);
    }
  } finally {
    hb.hb_subset_input_destroy(input);
  }
}
