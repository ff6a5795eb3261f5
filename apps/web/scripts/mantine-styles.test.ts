import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stylesheetFor } from './mantine-styles.ts';

const require = createRequire(import.meta.url);
// Through a file the packages export (their package.json is not).
const packageDir = (name: string) => path.dirname(require.resolve(`@mantine/${name}/styles.layer.css`));

/** Every file under `dir` whose name ends so. */
function filesUnder(dir: string, ending: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ending))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("Mantine's stylesheets come with the components that use them", () => {
  it('finds a stylesheet for every core component that has class names (an upgrade that renames one fails here)', () => {
    const modules = filesUnder(path.join(packageDir('core'), 'esm'), '.module.mjs');
    expect(modules.length).toBeGreaterThan(90);
    for (const id of modules) {
      const stylesheet = stylesheetFor(id);
      expect(stylesheet, id).not.toBeNull();
      expect(existsSync(require.resolve(stylesheet!)), stylesheet!).toBe(true);
    }
  });

  it("gives the add-on packages' components their package's stylesheet", () => {
    for (const name of ['dates', 'dropzone', 'tiptap', 'notifications', 'charts']) {
      const modules = filesUnder(path.join(packageDir(name), 'esm'), '.module.mjs');
      expect(modules.length, name).toBeGreaterThan(0);
      for (const id of modules) expect(stylesheetFor(id)).toBe(`@mantine/${name}/styles.layer.css`);
    }
  });

  it('leaves every other module alone', () => {
    expect(stylesheetFor('/app/node_modules/@mantine/core/esm/components/Button/Button.mjs')).toBeNull();
    expect(stylesheetFor('/app/node_modules/@mantine/hooks/esm/use-disclosure.mjs')).toBeNull();
    expect(stylesheetFor('/app/apps/web/src/components/x.module.css')).toBeNull();
  });

  it('is the only way the app gets them: no source file imports a Mantine stylesheet itself', () => {
    const src = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../src');
    const importing = [...filesUnder(src, '.ts'), ...filesUnder(src, '.tsx')].filter((file) =>
      /import\s+['"]@mantine\/[^'"]+\.css['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(importing).toEqual([]);
  });
});
