import { describe, expect, it } from 'vitest';
import { countWords, dropzoneAccept, safeUrl, validAcceptEntries } from './open-utils.ts';

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['one', 1],
    ['  two   words ', 2],
    ["It's a well-known fact, isn't it?", 6],
    ['a — b', 2],
    ['我喜欢学习 and more', 5],
    ['line\nbreaks\tand tabs', 4],
  ])('%j has %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
  });
});

describe('safeUrl', () => {
  it('keeps http, https and blob URLs', () => {
    expect(safeUrl('https://example.org/sim')).toBe('https://example.org/sim');
    expect(safeUrl('http://example.org/')).toBe('http://example.org/');
    expect(safeUrl('blob:http://localhost/abc')).toBe('blob:http://localhost/abc');
  });
  it('refuses scripts, data and empty values', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(safeUrl('')).toBeNull();
    expect(safeUrl(undefined)).toBeNull();
  });
});

describe('validAcceptEntries', () => {
  it('keeps MIME types and extensions, drops the rest', () => {
    expect(
      validAcceptEntries([' .PDF', 'image/*', 'application/vnd.ms-powerpoint', 'pdf', '', 'a b']),
    ).toEqual(['.pdf', 'image/*', 'application/vnd.ms-powerpoint']);
    expect(validAcceptEntries(undefined)).toEqual([]);
  });
});

describe('dropzoneAccept', () => {
  it('keeps MIME types as keys and hangs extensions on a wildcard the list does not name', () => {
    expect(dropzoneAccept([])).toBeUndefined();
    expect(dropzoneAccept(['image/png', '.pdf'])).toEqual({ 'image/png': [], 'application/*': ['.pdf'] });
    expect(dropzoneAccept(['application/*', '.md'])).toEqual({ 'application/*': [], 'text/*': ['.md'] });
  });
});
