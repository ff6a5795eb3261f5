/**
 * Run after `vite build`: fails the build when the entry chunk, or any chunk it imports statically
 * (what every visitor downloads before the first screen), contains the question examples, JSON5 or
 * the password strength estimator (zxcvbn-ts and its word lists, 1.7 MB). They belong to the
 * screens that use them, loaded on demand; they reach the entry through the `@vbuilder/shared`
 * barrel as soon as a module of the shared package is not tree-shaken (e.g. the
 * package loses `"sideEffects": false`). A build check and not a Vitest test, because it needs the
 * production bundle, which `npm run build` has just written and a test would have to build again.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUESTION_EXAMPLES } from '@vbuilder/shared/questions/examples';
import { appAssetsOf } from './app-boot.ts';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const markers = [
  // Every JSON5 parser error message starts so; no other code of ours writes it.
  'JSON5: invalid',
  QUESTION_EXAMPLES['multiple-choice'].question,
  // An option name of zxcvbn-ts's core, kept by minification (properties are not renamed).
  'l33tMaxSubstitutions',
];

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = appAssetsOf(html).entry.replace(/^\//, '');

// The entry and everything it imports statically (`from"./x.js"`, `import"./x.js"`), not import().
const seen = new Set<string>();
const queue = [entry];
while (queue.length) {
  const file = queue.pop()!;
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const match of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) {
    const next = path.posix.join(path.posix.dirname(file), match[1]!);
    if (existsSync(path.join(dist, next))) queue.push(next);
  }
}

const hits = [...seen].flatMap((file) => {
  const code = readFileSync(path.join(dist, file), 'utf8');
  return markers.filter((marker) => code.includes(marker)).map((marker) => `${file}: "${marker}"`);
});
if (hits.length) {
  console.error('check-entry-chunk: the entry chunk carries what only some screens need:');
  for (const hit of hits) console.error(`  ${hit}`);
  process.exit(1);
}
console.log(
  `check-entry-chunk: ${seen.size} entry chunks, no question examples, JSON5 or password estimator`,
);
