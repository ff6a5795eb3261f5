import { describe, expect, it } from 'vitest';
import { ROUTE_NAMESPACES } from '../app/route-namespaces.ts';
import { catalogChunkName, NAMESPACE_BUNDLES } from './i18n-bundles.ts';
import { INITIAL_NAMESPACES, NAMESPACES } from './i18n.ts';

const sorted = (names: readonly string[]) => [...new Set(names)].sort();

describe('namespaces that travel together', () => {
  it('bundles what a signed-in screen reads first, and what the attempt screen adds', () => {
    expect(sorted(NAMESPACE_BUNDLES.shell)).toEqual(
      sorted([...INITIAL_NAMESPACES, ...ROUTE_NAMESPACES['account-route']]),
    );
    expect(sorted(NAMESPACE_BUNDLES.attempt)).toEqual(sorted(ROUTE_NAMESPACES['take-assessment-route']));
  });

  it('bundles only namespaces that exist, each in one bundle', () => {
    const bundled = Object.values(NAMESPACE_BUNDLES).flat();
    expect(new Set(bundled).size).toBe(bundled.length);
    for (const namespace of bundled) expect(NAMESPACES).toContain(namespace);
  });

  it('names one chunk per language and bundle, and leaves other modules alone', () => {
    expect(catalogChunkName('/app/apps/web/src/locales/th/common.json')).toBe('words-shell-th');
    expect(catalogChunkName('C:\\app\\apps\\web\\src\\locales\\fil\\questions.json')).toBe(
      'words-attempt-fil',
    );
    expect(catalogChunkName('/app/apps/web/src/locales/en/billing.json')).toBeNull();
    expect(catalogChunkName('/app/apps/web/src/features/attempts/attempt-screen.tsx')).toBeNull();
    expect(catalogChunkName('/app/node_modules/some-lib/locales/en/common.json.js')).toBeNull();
  });
});
