import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import type { CustomFetch } from 'openid-client';
import { generate } from 'selfsigned';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * An OpenID provider Podium did not write, for the sign-in tests: oauth2-mock-server over HTTPS
 * with a certificate made for the run, trusted only by the fetch it hands out (nothing turns TLS
 * checks off). The person it signs in is whoever `signInAs` names, with the claims their real
 * provider would send (see `personas`): in the ID token, in UserInfo, or both.
 */

export interface Persona {
  sub: string;
  /** Claims in the ID token (at sign-in and at each refresh). */
  idToken: Record<string, unknown>;
  /** UserInfo's answer, besides `sub`. */
  userInfo: Record<string, unknown>;
}

/** Claim shapes as the three providers a customer may run send them. */
export const personas = {
  /** Entra ID: app roles in `roles`, `upn` and no `email`, `name` present. */
  entraOrganiser: {
    sub: 'entra-AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
    idToken: {
      name: 'Morgan Lee',
      upn: 'morgan.lee@contoso.example',
      preferred_username: 'morgan.lee@contoso.example',
      roles: ['Podium.Organiser'],
      tid: '72f988bf-86f1-41af-91ab-2d7cd011db47',
    },
    userInfo: {},
  },
  /** Okta: `groups` and `preferred_username`, no `name` nor `email` (scopes not granted). */
  oktaPlayer: {
    sub: '00u1a2b3c4d5e6f7g8h9',
    idToken: { preferred_username: 'ana.garcia', groups: ['Everyone', 'Sales'] },
    userInfo: { preferred_username: 'ana.garcia', groups: ['Everyone', 'Sales'] },
  },
  /** Keycloak: `realm_access.roles`, `given_name`/`family_name`, no `name`, email in UserInfo. */
  keycloakOrganiser: {
    sub: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
    idToken: {
      preferred_username: 'emily',
      given_name: 'Emily',
      family_name: 'Clarke',
      realm_access: { roles: ['offline_access', 'podium-organiser'] },
    },
    userInfo: { email: 'emily.clarke@example.org', email_verified: true },
  },
} satisfies Record<string, Persona>;

export interface ThirdPartyIdp {
  /** https://localhost:<port> */
  issuer: string;
  /** A fetch that trusts this provider's certificate (and nothing more than Node's own). */
  fetch: CustomFetch;
  /** The certificate, PEM, as an operator would give it in NODE_EXTRA_CA_CERTS. */
  certificate: string;
  server: OAuth2Server;
  /** A browser's visit to one of the provider's pages: its redirect, not followed. */
  visit(url: string): Promise<Response>;
  signInAs(persona: Persona): void;
  /** Changes the claims of the person signed in (a role granted or withdrawn). */
  update(change: (persona: Persona) => Persona): void;
  /** Token requests as the provider received them (headers and form body). */
  tokenRequests: { authorization: string | undefined; body: Record<string, unknown> }[];
  stop(): Promise<void>;
}

export async function startThirdPartyIdp(): Promise<ThirdPartyIdp> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] },
    ],
  });
  const folder = mkdtempSync(path.join(tmpdir(), 'podium-idp-'));
  writeFileSync(path.join(folder, 'key.pem'), pems.private);
  writeFileSync(path.join(folder, 'cert.pem'), pems.cert);
  const server = new OAuth2Server(path.join(folder, 'key.pem'), path.join(folder, 'cert.pem'));
  await server.issuer.keys.generate('RS256');
  await server.start(0, 'localhost');

  let current: Persona = personas.oktaPlayer;
  const tokenRequests: ThirdPartyIdp['tokenRequests'] = [];
  server.service.on('beforeTokenSigning', (token) => {
    token.payload.sub = current.sub;
    // The access token carries `scope`; the ID token does not.
    if (!('scope' in token.payload)) Object.assign(token.payload, current.idToken);
  });
  server.service.on('beforeResponse', (_response, request) => {
    tokenRequests.push({
      authorization: request.headers.authorization,
      body: { ...(request.body as Record<string, unknown>) },
    });
  });
  server.service.on('beforeUserinfo', (response) => {
    response.body = { sub: current.sub, ...current.userInfo };
  });

  const agent = new Agent({ connect: { ca: pems.cert } });
  const fetch = ((url: string, options: Parameters<CustomFetch>[1]) =>
    undiciFetch(url, { ...options, dispatcher: agent } as Parameters<
      typeof undiciFetch
    >[1])) as unknown as CustomFetch;

  return {
    issuer: server.issuer.url!,
    fetch,
    certificate: pems.cert,
    server,
    visit: async (url) =>
      (await undiciFetch(url, { redirect: 'manual', dispatcher: agent })) as unknown as Response,
    signInAs: (persona) => void (current = persona),
    update: (change) => void (current = change(current)),
    tokenRequests,
    async stop() {
      await server.stop();
      await agent.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
