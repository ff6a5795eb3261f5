/**
 * Translation namespaces that travel together: the build puts each bundle's catalogs of one
 * language in one file (vite.config.ts), so a cold load of the attempt screen asks for two files of
 * words instead of seven (on a phone's network each request waits its turn for a
 * connection). `shell`: what every signed-in screen reads first (INITIAL_NAMESPACES and the account
 * layout's); `attempt`: the attempt screen's own. i18n-bundles.test.ts keeps them equal to those
 * lists. Every other namespace stays a file of its own.
 */
export const NAMESPACE_BUNDLES = {
  shell: ['common', 'errors', 'auth', 'notifications'],
  attempt: ['attempts', 'questionTypes', 'questions'],
} as const;

const CATALOG = /[\\/]locales[\\/]([a-z]{2,3}(?:-[a-z]+)?)[\\/]([A-Za-z]+)\.json$/;

/** The chunk a catalog module goes into (`words-<bundle>-<language>`), or null for one of its own. */
export function catalogChunkName(moduleId: string): string | null {
  const [, language, namespace] = CATALOG.exec(moduleId) ?? [];
  if (!language || !namespace) return null;
  for (const [bundle, namespaces] of Object.entries(NAMESPACE_BUNDLES)) {
    if ((namespaces as readonly string[]).includes(namespace)) return `words-${bundle}-${language}`;
  }
  return null;
}
