import { UNMASKED, type FamilyStudentView } from '../../family.ts';
import type { FillBlanksConfig } from './index.ts';

export interface StudentFillBlanksConfig {
  passage: string;
  gaps: { id: string }[];
  caseSensitive: boolean;
}

/** The passage and its gaps, without the accepted answers. */
export const studentView: FamilyStudentView<FillBlanksConfig, StudentFillBlanksConfig> = {
  ...UNMASKED,
  config: (c) => ({
    passage: c.passage,
    gaps: c.gaps.map((g) => ({ id: g.id })),
    caseSensitive: c.caseSensitive,
  }),
};
