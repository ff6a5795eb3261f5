import { UNMASKED, type FamilyStudentView } from '../../family.ts';
import { secretOrder } from '../../student-masking.ts';
import type { ChoiceConfig, ChoiceOption } from './index.ts';

export interface StudentChoiceConfig {
  options: ChoiceOption[];
  multiple: boolean;
  shuffle: boolean;
}

/** The options without which are correct; shuffled (in a secret order) when the teacher asked. */
export const studentView: FamilyStudentView<ChoiceConfig, StudentChoiceConfig> = {
  ...UNMASKED,
  config: (c, { questionId, seed }) => {
    const options = c.options.map((o) => ({ id: o.id, text: o.text, imageUrl: o.imageUrl ?? null }));
    return {
      options: c.shuffle ? secretOrder(options, (o) => o.id, seed, `${questionId}:options`) : options,
      multiple: c.multiple,
      // Already in the student's order: a player must not reorder it again.
      shuffle: false,
    };
  },
};
