/**
 * A minimal user agent for protocol tests: keeps cookies per host (name=value, no attributes
 * beyond that), follows redirects by hand, and can submit the auto-posting forms of an OIDC
 * form_post response. Not a browser: enough to walk a launch across two loopback servers.
 */
export interface Page {
  status: number;
  url: string;
  headers: Headers;
  text: string;
}

export interface HtmlForm {
  action: string;
  method: string;
  fields: Record<string, string>;
}

const unescape = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );

/** The first form of a page: its action, method and named inputs. */
export function parseForm(html: string, base: string): HtmlForm | null {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return null;
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input\b[^>]*>/gi)) {
    const name = attr(input[0], 'name');
    if (name) fields[unescape(name)] = unescape(attr(input[0], 'value') ?? '');
  }
  return {
    action: new URL(unescape(attr(form[1]!, 'action') ?? base), base).toString(),
    method: (attr(form[1]!, 'method') ?? 'get').toLowerCase(),
    fields,
  };
}

export class TestBrowser {
  private jar = new Map<string, Map<string, string>>();

  cookies(url: string): Map<string, string> {
    const host = new URL(url).host;
    let cookies = this.jar.get(host);
    if (!cookies) this.jar.set(host, (cookies = new Map()));
    return cookies;
  }

  /** One request, no redirect followed; cookies sent and stored. */
  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Page> {
    const cookies = this.cookies(url);
    const headers: Record<string, string> = {};
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || !value) cookies.delete(name);
      else cookies.set(name, value);
    }
    return { status: res.status, url, headers: res.headers, text: await res.text() };
  }

  /** Follows redirects (up to 10) from a first request. */
  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Page> {
    let page = await this.request(url, init);
    for (let hops = 0; hops < 10 && page.status >= 300 && page.status < 400; hops++) {
      const location = page.headers.get('location');
      if (!location) break;
      page = await this.request(new URL(location, page.url).toString());
    }
    return page;
  }

  /**
   * Submits the page's first form as the browser's onload script would, and returns the answer
   * without following its redirect (so a test can read where it leads).
   */
  async submitForm(page: Page): Promise<Page> {
    const form = parseForm(page.text, page.url);
    if (!form) throw new Error(`no form on ${page.url} (${page.status}): ${page.text.slice(0, 200)}`);
    if (form.method === 'post') return this.request(form.action, { method: 'POST', form: form.fields });
    const target = new URL(form.action);
    for (const [k, v] of Object.entries(form.fields)) target.searchParams.set(k, v);
    return this.request(target.toString());
  }
}
