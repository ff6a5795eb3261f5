import { UNMASKED, type FamilyStudentView } from '../../family.ts';
import type { OpenConfig } from './index.ts';

export type StudentOpenConfig = Omit<OpenConfig, 'modelAnswer' | 'rubric'>;

/** Everything but the model answer and the rubric. */
export const studentView: FamilyStudentView<OpenConfig, StudentOpenConfig> = {
  ...UNMASKED,
  config: (c) => {
    const { modelAnswer: _model, rubric: _rubric, ...rest } = c;
    return rest;
  },
};
