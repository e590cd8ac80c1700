import { describe, expect, it } from 'vitest';
import { isOrganiser } from './organiser-role';

const rule = { group: 'podium-organisers', emails: ['morgan.lee@example.com'] };

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
});
