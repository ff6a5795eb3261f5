import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportError, setErrorSink } from './report-error.ts';

describe('reportError', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs to the console with a clear tag by default', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new Error('x');
    reportError(error, { area: 'auth', action: 'render' });
    expect(log).toHaveBeenCalledWith('[vbuilder:auth]', 'render', error, '');
  });

  it('goes to an installed sink, and never throws', () => {
    const restore = setErrorSink(() => {
      throw new Error('sink down');
    });
    expect(() => reportError(new Error('x'), { area: 'auth' })).not.toThrow();
    restore();
  });
});
