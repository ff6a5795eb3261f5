import { renderHook, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../lib/languages.ts';
import { useDatesLocale } from './use-dates-locale.ts';

describe('useDatesLocale', () => {
  // The calendar pickers (Mantine dates, on dayjs) name months and weekdays in every language.
  it.each(LANGUAGE_CODES.filter((lng) => lng !== 'en'))(
    '%s: the pickers get their own month names',
    async (lng) => {
      const i18n = createInstance();
      await i18n.use(initReactI18next).init({ lng, resources: {} });
      const wrapper = ({ children }: { children: ReactNode }) => (
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      );
      const { result } = renderHook(() => useDatesLocale(), { wrapper });
      await waitFor(() => expect(result.current).not.toBe('en'));
      const march = dayjs('2026-03-10').locale(result.current).format('MMMM');
      expect(march).not.toBe('March');
    },
  );
});
