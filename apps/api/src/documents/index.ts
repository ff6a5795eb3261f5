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
