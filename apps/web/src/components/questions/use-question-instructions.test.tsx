import { renderHook } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { getQuestionType } from '@vbuilder/shared';
import thaiTypes from '../../../../../packages/shared/src/locales/th/questionTypes.json';
import { useQuestionInstructions } from './use-question-instructions.ts';

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: 'th',
  resources: { th: { questionTypes: thaiTypes } },
  interpolation: { escapeValue: false },
});
const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
);
const instructionsOf = (question: { type: 'essay'; instructions?: string }) =>
  renderHook(() => useQuestionInstructions(question), { wrapper }).result.current;

describe('useQuestionInstructions', () => {
  const thaiDefault = thaiTypes.types.essay.instructions;

  it('gives the type’s default in the reader’s language when the teacher wrote none', () => {
    expect(instructionsOf({ type: 'essay' })).toBe(thaiDefault);
    expect(instructionsOf({ type: 'essay', instructions: '   ' })).toBe(thaiDefault);
  });

  it('treats the English default (examples, AI questions) as the default', () => {
    expect(instructionsOf({ type: 'essay', instructions: getQuestionType('essay').instructions })).toBe(
      thaiDefault,
    );
  });

  it('keeps the teacher’s own instructions as written', () => {
    expect(instructionsOf({ type: 'essay', instructions: ' ตอบไม่เกิน 300 คำ ' })).toBe('ตอบไม่เกิน 300 คำ');
  });
});
