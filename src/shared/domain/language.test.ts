import { describe, expect, it } from 'vitest';
import { isLanguage, pickLanguage, resolveLanguage } from './language';

describe('pickLanguage', () => {
  it('takes the first tag whose primary subtag is supported', () => {
    expect(pickLanguage(['pt-BR', 'es-MX', 'en'])).toBe('es');
  });

  it('matches case-insensitively and with underscores', () => {
    expect(pickLanguage(['FR_ca'])).toBe('fr');
    expect(pickLanguage([' TH-th '])).toBe('th');
  });

  it('skips unsupported, empty and missing tags', () => {
    expect(pickLanguage([null, undefined, '', 'pt-BR', 'de', 'vi-VN'])).toBe('vi');
  });

  it('falls back to English when no tag is supported', () => {
    expect(pickLanguage(['pt-BR', 'de-DE'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});

describe('resolveLanguage', () => {
  it("prefers the profile's language over everything else", () => {
    expect(resolveLanguage({ profile: 'pl', idpLocale: 'fr-FR', browser: ['th'] })).toBe('pl');
  });

  it("uses the identity provider's locale when the profile has none", () => {
    expect(resolveLanguage({ profile: null, idpLocale: 'fr-CA', browser: ['th'] })).toBe('fr');
  });

  it('uses the browser languages when neither profile nor provider gives one', () => {
    expect(resolveLanguage({ profile: null, idpLocale: null, browser: ['id-ID', 'en'] })).toBe(
      'id',
    );
  });

  it('lets an unsupported provider locale fall through to the browser', () => {
    expect(resolveLanguage({ profile: null, idpLocale: 'pt-BR', browser: ['es-419'] })).toBe('es');
  });

  it('ignores a profile value that is not a supported language', () => {
    expect(resolveLanguage({ profile: 'pt', idpLocale: 'vi-VN', browser: [] })).toBe('vi');
  });

  it('falls back to English when nothing matches', () => {
    expect(resolveLanguage({ profile: undefined, idpLocale: 'pt-BR', browser: ['de'] })).toBe('en');
  });
});

describe('isLanguage', () => {
  it('accepts exactly the seven interface languages', () => {
    for (const language of ['en', 'es', 'fr', 'id', 'pl', 'th', 'vi']) {
      expect(isLanguage(language)).toBe(true);
    }
    expect(isLanguage('pt')).toBe(false);
    expect(isLanguage('EN')).toBe(false);
    expect(isLanguage(null)).toBe(false);
  });
});
