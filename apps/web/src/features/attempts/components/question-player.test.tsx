import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '@vbuilder/shared';
import { renderWithProviders } from '../../../test/providers.tsx';
import { QuestionPlayer } from './question-player.tsx';

const trueFalse = {
  id: 'q1',
  type: 'true-false',
  text: 'Plants need light.',
  score: 1,
  config: {},
} as unknown as Question;

const props = { question: trueFalse, value: null, onChange: () => undefined, idPrefix: 'p' };

afterEach(() => {
  vi.doUnmock('../../../components/questions/family-players.tsx');
  vi.restoreAllMocks();
  vi.resetModules();
  vi.unstubAllGlobals();
});

describe('the attempt screen’s player of a question', () => {
  it('fetches the family’s player and shows it', async () => {
    await renderWithProviders(<QuestionPlayer {...props} />);
    expect(await screen.findByRole('radio', { name: 'True' })).toBeInTheDocument();
  });

  it('without a network says the question could not be loaded, and loads it when asked again', async () => {
    vi.resetModules();
    const network = { up: false };
    vi.doMock('../../../components/questions/family-players.tsx', () => ({
      LazyPlayer: () => {
        // What React.use does with a chunk that failed to download.
        if (!network.up) throw new TypeError('Failed to fetch dynamically imported module');
        return <input type="radio" aria-label="True" />;
      },
    }));
    const { QuestionPlayer: FreshPlayer } = await import('./question-player.tsx');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderWithProviders(<FreshPlayer {...props} />);
    expect(await screen.findByText(/This question could not be loaded/)).toBeInTheDocument();
    network.up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: 'True' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument());
  });

  it('deferred (all questions on one page) fetches the player only once its place nears the viewport', async () => {
    // The browser's observer, driven by the test: it reports intersections when told to.
    const observers: Array<{ callback: IntersectionObserverCallback; margin?: string }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, margin: options?.rootMargin });
        }
        observe() {}
        disconnect() {}
      },
    );
    await renderWithProviders(<QuestionPlayer {...props} deferred />);
    await waitFor(() => expect(observers).toHaveLength(1));
    expect(observers[0]!.margin).toBe('100% 0px');
    expect(screen.queryByRole('radio', { name: 'True' })).not.toBeInTheDocument();
    // Still a screen or more away: nothing yet.
    act(() => observers[0]!.callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as never));
    expect(screen.queryByRole('radio', { name: 'True' })).not.toBeInTheDocument();
    act(() => observers[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as never));
    expect(await screen.findByRole('radio', { name: 'True' })).toBeInTheDocument();
  });
});
