import { describe, expect, it } from 'vitest';
import { isOrganiser } from './organiser-role';

const rule = { claim: 'groups', value: 'podium-organisers', emails: ['morgan.lee@example.com'] };

describe('isOrganiser', () => {
  it('is true for a member of the organiser group, in the ID token or in UserInfo', () => {
    expect(isOrganiser([{ groups: ['staff', 'podium-organisers'] }, {}], rule)).toBe(true);
    expect(isOrganiser([{}, { groups: ['podium-organisers'] }], rule)).toBe(true);
    expect(isOrganiser([{ groups: 'podium-organisers' }], rule)).toBe(true);
  });

  it('is false for other groups, a group name that only looks alike, or a malformed claim', () => {
    expect(isOrganiser([{ groups: ['staff'] }], rule)).toBe(false);
    expect(isOrganiser([{ groups: ['Podium-Organisers '] }], rule)).toBe(false);
    expect(isOrganiser([{ groups: { name: 'podium-organisers' } }], rule)).toBe(false);
    expect(isOrganiser([{ groups: [42, null] }], rule)).toBe(false);
  });

  it('is true for a listed email in any case, unless the provider says it is unverified', () => {
    expect(isOrganiser([{ email: 'Morgan.Lee@Example.com' }], rule)).toBe(true);
    expect(isOrganiser([{ email: 'morgan.lee@example.com', email_verified: false }], rule)).toBe(
      false,
    );
    expect(isOrganiser([{ email: 'ana.garcia@example.com' }], rule)).toBe(false);
  });

  it("reads Entra ID's app roles and Keycloak's realm roles when told where to look", () => {
    const entra = { ...rule, claim: 'roles', value: 'Podium.Organiser' };
    expect(isOrganiser([{ roles: ['Podium.Organiser'] }], entra)).toBe(true);
    expect(isOrganiser([{ groups: ['Podium.Organiser'] }], entra)).toBe(false);
    const keycloak = { ...rule, claim: 'realm_access.roles', value: 'podium-organiser' };
    expect(isOrganiser([{ realm_access: { roles: ['podium-organiser'] } }], keycloak)).toBe(true);
    expect(isOrganiser([{ realm_access: ['podium-organiser'] }], keycloak)).toBe(false);
    expect(isOrganiser([{ roles: ['podium-organiser'] }], keycloak)).toBe(false);
  });

  it('takes a claim whose own name has dots before a path through nested claims', () => {
    const namespaced = { ...rule, claim: 'https://example.com/roles', value: 'organiser' };
    expect(isOrganiser([{ 'https://example.com/roles': ['organiser'] }], namespaced)).toBe(true);
  });
});
