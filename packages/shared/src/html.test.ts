import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the five characters HTML gives meaning to, in text and either kind of attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });
  it('leaves other text, every script included, as it is', () => {
    expect(escapeHtml('แบบทดสอบ 数学 ১২৩')).toBe('แบบทดสอบ 数学 ১২৩');
  });
  it('writes nothing for null and undefined, and numbers as text', () => {
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml(42)).toBe('42');
  });
});
