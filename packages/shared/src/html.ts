const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe to put into HTML, between tags or inside a quoted attribute (either quote): the
 * five characters HTML gives meaning to become entities. The one escape for every page, mail and
 * export vbuilder writes as HTML.
 */
export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
