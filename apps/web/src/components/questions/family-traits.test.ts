import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES } from '@vbuilder/shared';
import { showsImageAbovePlayer } from './family-traits.ts';

describe('family traits', () => {
  it('shows the question image above every player but the choice players, which show it beside the options', () => {
    for (const type of QUESTION_TYPES) {
      expect(showsImageAbovePlayer(type.id), type.id).toBe(type.family !== 'choice');
    }
  });
});
