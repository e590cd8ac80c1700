import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMissingClaimWarnings, profileFromClaims } from './profile-claims';

describe('profileFromClaims', () => {
  it('takes the standard claims as they are, and reports nothing missing', () => {
    const { profile, missing } = profileFromClaims({
      email: 'ana.garcia@example.com',
      name: 'Ana García',
      given_name: 'Ana',
      family_name: 'García',
      locale: 'es-ES',
      upn: 'other@example.com',
    });
    expect(profile).toMatchObject({ email: 'ana.garcia@example.com', name: 'Ana García' });
    expect(missing).toEqual([]);
  });

  it("falls back to Entra ID's upn for the address when it is one", () => {
    const { profile, missing } = profileFromClaims({
      name: 'Morgan Lee',
      upn: 'morgan@contoso.example',
    });
    expect(profile.email).toBe('morgan@contoso.example');
    expect(missing).toEqual([{ claim: 'email', fallback: 'upn' }]);
  });

  it('takes no user name that is not an address as an address', () => {
    const { profile, missing } = profileFromClaims({ preferred_username: 'ana.garcia' });
    expect(profile.email).toBeNull();
    expect(profile.name).toBe('ana.garcia');
    expect(missing).toEqual([
      { claim: 'email', fallback: null },
      { claim: 'name', fallback: 'preferred_username' },
    ]);
  });

  it("keeps Keycloak's given and family names apart rather than invent a name", () => {
    const { profile, missing } = profileFromClaims({
      email: 'emily@example.org',
      given_name: 'Emily',
      family_name: 'Clarke',
      preferred_username: 'emily',
    });
    expect(profile).toMatchObject({ name: null, givenName: 'Emily', familyName: 'Clarke' });
    expect(missing).toEqual([{ claim: 'name', fallback: 'given_name/family_name' }]);
  });

  it('ignores empty and non-text claims', () => {
    const { profile } = profileFromClaims({ email: '  ', name: 42, upn: ['x@example.com'] });
    expect(profile).toMatchObject({ email: null, name: null });
  });
});

describe('createMissingClaimWarnings', () => {
  it('logs each missing claim once for the life of the process', () => {
    const lines: { claim: string; msg: string }[] = [];
    const log = pino(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as { claim: string; msg: string });
          done();
        },
      }),
    );
    const warn = createMissingClaimWarnings(log);
    warn([{ claim: 'email', fallback: 'upn' }]);
    warn([
      { claim: 'email', fallback: null },
      { claim: 'name', fallback: 'preferred_username' },
    ]);
    warn([{ claim: 'name', fallback: null }]);
    expect(lines.map((line) => line.claim)).toEqual(['email', 'name']);
    expect(lines[0]!.msg).toContain("no 'email' claim; using 'upn'");
    expect(lines[1]!.msg).toContain("no 'name' claim; using 'preferred_username'");
  });
});
