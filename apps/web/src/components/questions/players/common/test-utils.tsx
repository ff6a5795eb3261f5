import { useState, type ComponentType } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { MarkResult, Question, QuestionTypeId } from '@vbuilder/shared';
import { theme } from '../../../../app/theme.ts';
import { i18nReady } from '../../../../lib/i18n.ts';
import type { PlayerProps } from '../../family-ui.ts';

/** A question of `type` with `config`; the rest is filler the players do not read. */
export function makeQuestion<C>(
  type: QuestionTypeId,
  config: C,
  extra: Partial<Question> = {},
): Question & { config: C } {
  return { id: 'q-1', type, text: 'A question', score: 4, ...extra, config } as Question & { config: C };
}

/**
 * Renders a player the way a screen does: it holds the answer in state and passes it back in, so
 * a test drives it like a student. `onChange` records every answer the player reported.
 */
export async function renderPlayer<C, A>(
  Player: ComponentType<PlayerProps<C, A>>,
  question: Question & { config: C },
  options: { value?: A | null; disabled?: boolean; result?: MarkResult | null } = {},
) {
  await i18nReady;
  const onChange = vi.fn<(value: A) => void>();
  function Harness() {
    const [value, setValue] = useState<A | null>(options.value ?? null);
    return (
      <Player
        question={question}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
        disabled={options.disabled}
        result={options.result}
        idPrefix="p1"
      />
    );
  }
  const user = userEvent.setup();
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Harness />
    </MantineProvider>,
  );
  return { ...view, user, onChange };
}

/** A marking result with per-part details, as `mark` gives it. */
export const resultOf = (
  details: Record<string, boolean>,
  correct = Object.values(details).every(Boolean),
): MarkResult => ({
  score: correct ? 4 : 1,
  max: 4,
  correct,
  status: 'auto',
  details,
});

/**
 * jsdom has no layout: gives each element the box `boxOf` returns (400 px wide; null keeps jsdom's
 * own empty box) so dnd-kit can measure places and rows. Returns the function that undoes it.
 */
export function fakeLayout(boxOf: (element: Element) => { top: number; height: number } | null): () => void {
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const box = boxOf(this);
    if (!box) return original.call(this);
    const { top, height } = box;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      right: 400,
      bottom: top + height,
      width: 400,
      height,
      toJSON() {},
    } as DOMRect;
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}
