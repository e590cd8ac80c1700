import { describe, expect, it } from 'vitest';
import { chooseTokenAuthMethod, misconfiguration } from './oidc-client';

describe('chooseTokenAuthMethod', () => {
  it("takes the operator's method whatever the provider advertises", () => {
    expect(chooseTokenAuthMethod(['client_secret_basic'], 'client_secret_post')).toBe(
      'client_secret_post',
    );
  });

  it('follows the provider: the first of ours it advertises, Basic when it says nothing', () => {
    expect(chooseTokenAuthMethod(undefined, undefined)).toBe('client_secret_basic');
    expect(chooseTokenAuthMethod(['private_key_jwt', 'client_secret_post'], undefined)).toBe(
      'client_secret_post',
    );
    expect(chooseTokenAuthMethod(['none'], undefined)).toBe('none');
    expect(chooseTokenAuthMethod(['tls_client_auth', 'private_key_jwt'], undefined)).toBeNull();
  });
});

describe('misconfiguration', () => {
  const issuer = 'https://login.example.com';
  const fetchFailed = (code: string) =>
    Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error(code), { code }),
    });

  it('names an untrusted certificate and points at NODE_EXTRA_CA_CERTS', () => {
    for (const code of ['SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE']) {
      expect(misconfiguration(fetchFailed(code), issuer)).toMatch(/NODE_EXTRA_CA_CERTS/);
    }
  });

  it('names plain HTTP, another issuer and a page that is no discovery document', () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    expect(misconfiguration(coded('OAUTH_HTTP_REQUEST_FORBIDDEN'), issuer)).toMatch(
      /OIDC_ALLOW_HTTP/,
    );
    expect(misconfiguration(coded('OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED'), issuer)).toMatch(
      /another issuer/,
    );
    expect(misconfiguration(coded('OAUTH_RESPONSE_IS_NOT_JSON'), issuer)).toMatch(/OIDC_ISSUER/);
    const notFound = Object.assign(new Error('x'), { cause: new Response(null, { status: 404 }) });
    expect(misconfiguration(notFound, issuer)).toMatch(/HTTP 404/);
  });

  it('leaves a provider that did not answer, or answered 5xx, to be tried again', () => {
    expect(misconfiguration(fetchFailed('ECONNREFUSED'), issuer)).toBeNull();
    expect(misconfiguration(new DOMException('timed out', 'TimeoutError'), issuer)).toBeNull();
    const down = Object.assign(new Error('x'), { cause: new Response(null, { status: 503 }) });
    expect(misconfiguration(down, issuer)).toBeNull();
  });
});
