import { afterEach, describe, expect, it } from 'vitest';
import {
  clearIntendedPath,
  readIntendedPath,
  storeIntendedPath,
  takePostLoginPath,
} from './intended-path.ts';

describe('intendedPath in sessionStorage', () => {
  afterEach(() => sessionStorage.clear());

  it('stores protected paths under the key intendedPath', () => {
    expect(storeIntendedPath('/account/questions/u-1')).toBe(true);
    expect(sessionStorage.getItem('intendedPath')).toBe('/account/questions/u-1');
  });

  it('never stores a public route', () => {
    storeIntendedPath('/account/home');
    expect(storeIntendedPath('/login')).toBe(false);
    expect(storeIntendedPath('/signin/abc')).toBe(false);
    expect(readIntendedPath()).toBe('/account/home');
  });

  it('is taken once: the destination is returned and the key cleared', () => {
    storeIntendedPath('/account/subscription');
    expect(takePostLoginPath()).toBe('/account/subscription');
    expect(readIntendedPath()).toBeNull();
    expect(takePostLoginPath()).toBe('/account/home');
  });

  it('falls back to /account/home for a tampered public value', () => {
    sessionStorage.setItem('intendedPath', '/sign-up');
    expect(takePostLoginPath()).toBe('/account/home');
    clearIntendedPath();
  });
});
