import { UNMASKED, type FamilyStudentView } from '../../family.ts';
import type { TrueFalseConfig } from './index.ts';

/** Nothing to show: the statement is the question text. */
export type StudentTrueFalseConfig = Record<string, unknown>;

export const studentView: FamilyStudentView<TrueFalseConfig, StudentTrueFalseConfig> = {
  ...UNMASKED,
  config: () => ({}),
};
