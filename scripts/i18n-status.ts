/**
 * Lists, per language and namespace, the keys English has that the translation lacks (and keys
 * it has that English no longer has). `node scripts/i18n-status.ts [lng...]`; exits 1 if any.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = path.join(root, 'apps/web/src/locales');
/** The web's own catalogs and the ones it shares with the API (the question types). */
const catalogDirs = [localesDir, path.join(root, 'packages/shared/src/locales')];
type Catalog = { [key: string]: string | Catalog };

const flatten = (c: Catalog, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(c)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
};
const read = (file: string): Catalog =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalog) : {};

const languages =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync(localesDir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && d.name !== 'en')
        .map((d) => d.name);
let gaps = 0;
for (const dir of catalogDirs) {
  for (const file of readdirSync(path.join(dir, 'en'))) {
    const english = flatten(read(path.join(dir, 'en', file)));
    for (const lng of languages) {
      const translated = flatten(read(path.join(dir, lng, file)));
      const missing = [...english.keys()].filter((k) => !translated.get(k)?.trim());
      const extra = [...translated.keys()].filter((k) => !english.has(k));
      if (missing.length || extra.length) {
        gaps += missing.length + extra.length;
        console.log(`${lng}/${file}: ${missing.length} missing, ${extra.length} extra`);
        for (const k of missing) console.log(`  + ${k}: ${JSON.stringify(english.get(k))}`);
        for (const k of extra) console.log(`  - ${k}`);
      }
    }
  }
}
console.log(gaps ? `${gaps} keys to fix` : 'All catalogs complete.');
process.exit(gaps ? 1 : 0);
