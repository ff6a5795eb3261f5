import { describe, expect, it } from 'vitest';
import { closeWithin } from './shutdown.ts';

describe('closeWithin', () => {
  it('answers closed when the close finishes in time', async () => {
    expect(await closeWithin(() => new Promise((r) => setTimeout(r, 5)), 1000)).toBe('closed');
  });

  it('gives up after its time when the close hangs (a stuck request)', async () => {
    const started = performance.now();
    expect(await closeWithin(() => new Promise(() => {}), 50)).toBe('timed-out');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
