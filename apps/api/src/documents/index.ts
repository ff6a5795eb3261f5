export {
  A4,
  DocumentWriter,
  INK,
  MUTED,
  RULE,
  type CellOptions,
  type DocumentInfo,
  type TextOptions,
} from './document.ts';
