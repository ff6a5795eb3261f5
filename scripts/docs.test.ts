/**
 * The documentation in docs/ is what code comments cite, so a citation must lead somewhere: every
 * relative link in the docs and the README, and every `docs/….md#heading` written in the code,
 * names a file that exists and, with a `#fragment`, a heading of that file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (a repeated heading gets -1, -2… as on GitHub). */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const match = !inFence && /^#{1,6}\s+(.*)$/.exec(line);
    if (!match) continue;
    const base = headingSlug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Files tracked by git (and new ones not ignored), relative to the root. */
function repoFiles(...pathspecs: string[]): string[] {
  const out = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...pathspecs],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return out.split('\n').filter((f) => f && existsSync(path.join(root, f)));
}

/** What is wrong with a link to `target` (a path, maybe with #fragment) from `fromDir`, or null. */
function brokenLink(fromDir: string, target: string): string | null {
  const [file = '', fragment] = target.split('#');
  const resolved = file === '' ? null : path.resolve(fromDir, decodeURI(file));
  if (resolved && !existsSync(resolved)) return `no file ${path.relative(root, resolved)}`;
  if (fragment === undefined || !resolved || statSync(resolved).isDirectory()) return null;
  if (!resolved.endsWith('.md')) return null;
  return anchorsOf(resolved).has(fragment)
    ? null
    : `no heading #${fragment} in ${path.relative(root, resolved)}`;
}

describe('docs links', () => {
  const markdown = repoFiles('docs', 'README.md', '*.md').filter(
    (f) => f.endsWith('.md') && !f.includes('node_modules'),
  );

  it('the docs exist and are reachable from the README', () => {
    expect(markdown).toContain('docs/README.md');
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('docs/README.md');
  });

  it('every relative link in the Markdown files leads to a file and heading that exist', () => {
    const problems: string[] = [];
    for (const file of markdown) {
      const text = readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue; // https:, mailto:
        const fromDir = path.dirname(path.join(root, file));
        const problem = target!.startsWith('#')
          ? brokenLink(fromDir, `${path.basename(file)}${target}`)
          : brokenLink(fromDir, target!);
        if (problem) problems.push(`${file}: (${target}) ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every docs/ page the code cites exists, with the heading it names', () => {
    const sources = repoFiles('apps', 'packages', 'scripts', 'test-support', 'i18n').filter((f) =>
      /\.(ts|tsx|js|mjs|css)$/.test(f),
    );
    const problems: string[] = [];
    for (const file of sources) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const [, target] of text.matchAll(/\bdocs\/([\w./-]+\.md(?:#[\p{L}\p{N}_-]+)?)/gu)) {
        const problem = brokenLink(path.join(root, 'docs'), target!);
        if (problem) problems.push(`${file}: docs/${target} ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the code cites nothing a clone lacks, and keeps its history in git', () => {
    const sources = repoFiles('apps', 'packages', 'scripts', 'test-support', 'i18n').filter(
      (f) => /\.(ts|tsx|js|mjs|css|html|md)$/.test(f) && !f.includes('/locales/'),
    );
    const problems: string[] = [];
    for (const file of sources) {
      if (file === 'scripts/docs.test.ts') continue;
      const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        // A note may break after "(issue", so the next line's start is read with it.
        const next = (lines[index + 1] ?? '').replace(/^\s*(\*|\/\/)?\s*/, '');
        const text = line.endsWith('(issue') ? `${line} ${next}` : line;
        if (
          /\b(SPEC|DESIGN|CONVENTIONS) §|\.\.\/shared\/(SPEC|DESIGN|CONVENTIONS)|\(issues? \d+\b/.test(text)
        ) {
          problems.push(`${file}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    expect(
      problems,
      'cite docs/ instead; say why in the comment and leave the history to the commit',
    ).toEqual([]);
  });

  it('a heading anchor is what GitHub makes of it', () => {
    expect(headingSlug("The web app's first load")).toBe('the-web-apps-first-load');
    expect(headingSlug('When to move to a PostgreSQL server')).toBe('when-to-move-to-a-postgresql-server');
    expect(headingSlug('Product: what vbuilder does')).toBe('product-what-vbuilder-does');
  });
});
