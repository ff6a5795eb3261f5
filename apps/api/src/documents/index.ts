export {
  A4,
  A4_LANDSCAPE,
  DocumentWriter,
  INK,
  MUTED,
  RULE,
  type CellOptions,
  type DocumentInfo,
  type TextOptions,
} from './document.ts';
export { hexColor, pngChunk, PNG_SIGNATURE, Raster, wrapText, type Rgba } from './raster.ts';
export { lineWidth } from './shaper.ts';
