import { UNMASKED, type FamilyStudentView } from '../../family.ts';
import type { ShortAnswerConfig } from './index.ts';

export interface StudentShortAnswerConfig {
  caseSensitive: boolean;
  maxWords: number;
}

/** The word limit, never the accepted answers. */
export const studentView: FamilyStudentView<ShortAnswerConfig, StudentShortAnswerConfig> = {
  ...UNMASKED,
  config: (c) => ({ caseSensitive: c.caseSensitive, maxWords: c.maxWords }),
};
