import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * A browser stand-in for identity tests: keeps cookies (by name; paths are not needed for these
 * flows) and walks the authorization-code flow with PKCE through app.inject, the way the SPA and
 * the browser do it.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  readonly app: FastifyInstance;
  readonly host: string;

  constructor(app: FastifyInstance) {
    this.app = app;
    this.host = new URL(app.config.PUBLIC_URL ?? 'http://localhost:3999').host;
  }

  get origin() {
    return `http://${this.host}`;
  }

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const url = options.url.startsWith('http')
      ? new URL(options.url).pathname + new URL(options.url).search
      : options.url;
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      ...options,
      url,
      headers: { host: this.host, ...(cookie ? { cookie } : {}), ...options.headers },
    });
    const setCookie = res.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export interface AuthorizeOptions {
  redirectUri?: string;
  scope?: string;
  challenge?: string | null;
  method?: string;
  state?: string;
  extra?: Record<string, string>;
}

export function authorizeUrl(app: FastifyInstance, o: AuthorizeOptions = {}) {
  const params = new URLSearchParams({
    client_id: app.config.OIDC_CLIENT_ID,
    response_type: 'code',
    response_mode: 'query',
    redirect_uri: o.redirectUri ?? `${app.config.PUBLIC_URL}/auth/callback`,
    scope: o.scope ?? 'openid profile email offline_access',
    state: o.state ?? 'state-123',
    nonce: 'nonce-123',
    ...o.extra,
  });
  if (o.challenge !== null) {
    params.set('code_challenge', o.challenge ?? pkcePair().challenge);
    params.set('code_challenge_method', o.method ?? 'S256');
  }
  return `/oidc/auth?${params}`;
}

/** Starts an authorization request and returns the interaction uid it leads to. */
export async function startLogin(browser: TestBrowser, challenge: string) {
  const res = await browser.request({ method: 'GET', url: authorizeUrl(browser.app, { challenge }) });
  if (res.statusCode !== 303) throw new Error(`authorize answered ${res.statusCode}: ${res.body}`);
  const location = String(res.headers.location);
  const match = /\/signin\/([^/?]+)$/.exec(location);
  if (!match) throw new Error(`authorize redirected to ${location}`);
  return match[1]!;
}

export interface TokenSet {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

/** The whole flow: authorize, sign in on /signin/:uid, follow the redirect, exchange the code. */
export async function signInThroughProvider(browser: TestBrowser, email: string, password: string) {
  const { verifier, challenge } = pkcePair();
  const uid = await startLogin(browser, challenge);
  const login = await browser.request({
    method: 'POST',
    url: `/signin/${uid}/login`,
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  const code = await followToCode(browser, login.json<{ redirectTo: string }>().redirectTo);
  const tokens = await exchangeCode(browser, code, verifier);
  if (tokens.statusCode !== 200) throw new Error(`token answered ${tokens.statusCode}: ${tokens.body}`);
  return tokens.json<TokenSet>();
}

/** Follows provider redirects until the client's callback, and returns its code. */
export async function followToCode(browser: TestBrowser, start: string) {
  let location = start;
  for (let hops = 0; hops < 5; hops++) {
    const url = new URL(location, browser.origin);
    if (url.pathname === '/auth/callback') {
      const code = url.searchParams.get('code');
      if (!code) throw new Error(`callback without a code: ${location}`);
      return code;
    }
    const res = await browser.request({ method: 'GET', url: url.pathname + url.search });
    if (res.statusCode !== 303 && res.statusCode !== 302) {
      throw new Error(`${url.pathname} answered ${res.statusCode}: ${res.body}`);
    }
    location = String(res.headers.location);
  }
  throw new Error('too many redirects');
}

export const exchangeCode = (
  browser: TestBrowser,
  code: string,
  verifier?: string,
  headers: Record<string, string> = {},
) =>
  browser.request({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${browser.app.config.PUBLIC_URL}/auth/callback`,
      client_id: browser.app.config.OIDC_CLIENT_ID,
      ...(verifier ? { code_verifier: verifier } : {}),
    }).toString(),
  });

/** A refresh; `headers` may carry a DPoP proof (test/dpop.ts). */
export const refresh = (browser: TestBrowser, refreshToken: string, headers: Record<string, string> = {}) =>
  browser.request({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: browser.app.config.OIDC_CLIENT_ID,
    }).toString(),
  });
