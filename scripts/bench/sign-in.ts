import { createHash, randomBytes } from 'node:crypto';

/**
 * A real sign-in over HTTP, as the SPA and the browser walk it: authorization request with PKCE,
 * the provider's sign-in form (/signin/:uid/login), its redirects, and the code exchanged for
 * tokens. Cookies are kept by name, which is all these flows need.
 */
export async function signIn(
  baseUrl: string,
  clientId: string,
  email: string,
  password: string,
): Promise<{ accessToken: string }> {
  const cookies = new Map<string, string>();
  const request = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(path, baseUrl), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  };

  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${baseUrl}/auth/callback`;
  const authorize = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    response_mode: 'query',
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const started = await request(`/oidc/auth?${authorize}`);
  await started.arrayBuffer();
  const uid = /\/signin\/([^/?]+)$/.exec(started.headers.get('location') ?? '')?.[1];
  if (!uid) throw new Error(`authorize answered ${started.status} to ${started.headers.get('location')}`);

  const login = await request(`/signin/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  let location = ((await login.json()) as { redirectTo: string }).redirectTo;
  let code: string | null = null;
  for (let hops = 0; hops < 5 && !code; hops++) {
    const url = new URL(location, baseUrl);
    if (url.pathname === '/auth/callback') {
      code = url.searchParams.get('code');
      break;
    }
    const res = await request(url.pathname + url.search);
    await res.arrayBuffer();
    location = res.headers.get('location') ?? '';
  }
  if (!code) throw new Error('the provider never redirected back with a code');
  const tokens = await request('/oidc/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }).toString(),
  });
  if (tokens.status !== 200) throw new Error(`token answered ${tokens.status}: ${await tokens.text()}`);
  return { accessToken: ((await tokens.json()) as { access_token: string }).access_token };
}
