import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../http/security';
import {
  createBrowser,
  createTestApp,
  fixedClock,
  TEST_ORIGIN,
  type TestApp,
  type TestBrowser,
} from '../../../tests/test-app';
import {
  personas,
  startThirdPartyIdp,
  type Persona,
  type ThirdPartyIdp,
} from '../../../tests/third-party-idp';

/**
 * Sign-in through a provider Podium did not write (oauth2-mock-server over HTTPS), with the
 * claims Entra ID, Okta and Keycloak send. Its discovery advertises only the `none` token
 * endpoint authentication, so the default client follows it (ADR 0032).
 */

let idp: ThirdPartyIdp;
beforeAll(async () => {
  idp = await startThirdPartyIdp();
});
afterAll(() => idp.stop());

const providerEnv = () => ({
  OIDC_ISSUER: idp.issuer,
  OIDC_CLIENT_ID: 'podium',
  OIDC_CLIENT_SECRET: 'podium-client-secret',
});

/** The whole round trip: /login, the provider's authorize endpoint, the callback. */
async function signInThrough(t: TestApp, persona: Persona, browser = createBrowser(t.app)) {
  idp.signInAs(persona);
  const login = await browser.send('GET', '/login');
  expect(login.statusCode).toBe(303);
  const authorize = new URL(login.headers.location as string);
  expect(authorize.origin).toBe(idp.issuer);
  const answer = await idp.visit(authorize.href);
  expect(answer.status).toBe(302);
  const callback = await browser.send('GET', answer.headers.get('location')!);
  return { browser, callback };
}

const me = async (browser: TestBrowser) => (await browser.send('GET', '/api/me')).json();

describe('an Entra ID tenant: app roles, upn and no email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ...providerEnv(),
        OIDC_ORGANISER_CLAIM: 'roles',
        OIDC_ORGANISER_GROUP: 'Podium.Organiser',
      },
      oidcFetch: idp.fetch,
    });
  });
  afterAll(() => t.close());

  it('signs in over HTTPS with PKCE and nonce, takes the address from upn and the role from roles', async () => {
    const { browser, callback } = await signInThrough(t, personas.entraOrganiser);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/');
    expect(await me(browser)).toMatchObject({
      name: 'Morgan Lee',
      email: 'morgan.lee@contoso.example',
      organiser: true,
    });
    expect((await browser.send('GET', '/api/organise/players')).statusCode).toBe(200);
  });

  it('authenticates at the token endpoint as the provider advertises (none), not with Basic', async () => {
    idp.tokenRequests.length = 0;
    await signInThrough(t, personas.entraOrganiser);
    const [request] = idp.tokenRequests;
    expect(request!.authorization).toBeUndefined();
    expect(request!.body).toMatchObject({ grant_type: 'authorization_code', client_id: 'podium' });
    expect(request!.body.client_secret).toBeUndefined();
    expect(request!.body.code_verifier).toMatch(/^[\w-]{43,128}$/);
  });

  it('signs out at the provider and comes back to a clean address', async () => {
    const { browser } = await signInThrough(t, personas.entraOrganiser);
    const logout = await browser.send('POST', '/logout', undefined, {
      [CSRF_HEADER]: '1',
      origin: TEST_ORIGIN,
    });
    const endSession = new URL(logout.json().redirectTo);
    expect(endSession.origin).toBe(idp.issuer);
    const back = await idp.visit(endSession.href);
    const home = new URL(back.headers.get('location')!);
    expect(home.origin + home.pathname).toBe(`${TEST_ORIGIN}/`);
    expect(home.searchParams.get('state')).toBeTruthy();
    const landing = await browser.send('GET', home.href);
    expect(landing.statusCode).toBe(303);
    expect(landing.headers.location).toBe('/');
    expect((await browser.send('GET', '/api/me')).statusCode).toBe(401);
  });
});

describe('an Okta org: groups and preferred_username, no name nor email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: providerEnv(), oidcFetch: idp.fetch });
  });
  afterAll(() => t.close());

  it('names the player by preferred_username, leaves the address empty, and is no organiser', async () => {
    const { browser } = await signInThrough(t, personas.oktaPlayer);
    expect(await me(browser)).toMatchObject({
      name: 'ana.garcia',
      email: null,
      organiser: false,
    });
  });

  it('makes a member of the organiser group (the default groups claim) an organiser', async () => {
    const { browser } = await signInThrough(t, {
      ...personas.oktaPlayer,
      sub: '00u-organiser',
      idToken: { preferred_username: 'li.wei', groups: ['Everyone', 'podium-organisers'] },
    });
    expect(await me(browser)).toMatchObject({ organiser: true });
  });
});

describe('a Keycloak realm: realm_access.roles, given and family names, email in UserInfo', () => {
  let t: TestApp;
  const clock = fixedClock(new Date());
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ...providerEnv(),
        OIDC_ORGANISER_CLAIM: 'realm_access.roles',
        OIDC_ORGANISER_GROUP: 'podium-organiser',
        OIDC_TOKEN_AUTH_METHOD: 'client_secret_post',
      },
      oidcFetch: idp.fetch,
      clock,
    });
  });
  afterAll(() => t.close());

  it('takes the names, the UserInfo address and the realm role, with the secret in the body as set', async () => {
    idp.tokenRequests.length = 0;
    const { browser } = await signInThrough(t, personas.keycloakOrganiser);
    expect(await me(browser)).toMatchObject({
      name: null,
      givenName: 'Emily',
      familyName: 'Clarke',
      email: 'emily.clarke@example.org',
      organiser: true,
    });
    expect(idp.tokenRequests[0]!.body.client_secret).toBe('podium-client-secret');
    expect(idp.tokenRequests[0]!.authorization).toBeUndefined();
  });

  it('asks again within the hour: a realm role withdrawn at the provider ends organiser access', async () => {
    const { browser } = await signInThrough(t, personas.keycloakOrganiser);
    expect((await browser.send('GET', '/api/organise/players')).statusCode).toBe(200);
    idp.update((persona) => ({
      ...persona,
      idToken: { ...persona.idToken, realm_access: { roles: ['offline_access'] } },
    }));
    // Within the hour the session is not asked about again.
    clock.advance(30 * 60_000);
    expect((await browser.send('GET', '/api/organise/players')).statusCode).toBe(200);
    idp.tokenRequests.length = 0;
    clock.advance(31 * 60_000);
    expect((await browser.send('GET', '/api/organise/players')).statusCode).toBe(403);
    expect(idp.tokenRequests.map((request) => request.body.grant_type)).toEqual(['refresh_token']);
    expect(await me(browser)).toMatchObject({ organiser: false });
    // And granted again: back at the next check.
    idp.update(() => personas.keycloakOrganiser);
    clock.advance(61 * 60_000);
    expect(await me(browser)).toMatchObject({ organiser: true });
  });
});

describe('a provider the server cannot use', () => {
  it('reports provider_misconfigured, not provider_unavailable, for a certificate it does not trust', async () => {
    // Node's own fetch: the run's certificate is in no trust store (NODE_EXTRA_CA_CERTS unset).
    const t = await createTestApp({ env: providerEnv() });
    try {
      const response = await t.app.inject({ url: '/login' });
      expect(response.statusCode).toBe(303);
      const failure = new URL(response.headers.location as string, TEST_ORIGIN);
      expect(failure.pathname).toBe('/login/callback');
      expect(failure.searchParams.get('failure')).toBe('provider_misconfigured');
    } finally {
      await t.close();
    }
  });

  it('reports provider_misconfigured when the provider advertises no method the client speaks', async () => {
    const t = await createTestApp({ env: providerEnv(), oidcFetch: onlyPrivateKeyJwt(idp) });
    try {
      const response = await t.app.inject({ url: '/login' });
      const failure = new URL(response.headers.location as string, TEST_ORIGIN);
      expect(failure.searchParams.get('failure')).toBe('provider_misconfigured');
    } finally {
      await t.close();
    }
  });
});

/** The provider's fetch, with a discovery document that advertises only private_key_jwt. */
function onlyPrivateKeyJwt(provider: ThirdPartyIdp): ThirdPartyIdp['fetch'] {
  return (async (url: string, options: Parameters<ThirdPartyIdp['fetch']>[1]) => {
    const response = await provider.fetch(url, options);
    if (!url.endsWith('/.well-known/openid-configuration')) return response;
    const document = (await response.json()) as Record<string, unknown>;
    document.token_endpoint_auth_methods_supported = ['private_key_jwt'];
    return Response.json(document);
  }) as ThirdPartyIdp['fetch'];
}
