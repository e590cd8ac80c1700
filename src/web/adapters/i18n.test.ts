import { describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import th from '../locales/th.json';
import { i18n, initI18n } from './i18n';

describe('the interface language', () => {
  it('starts in the first language, loaded before the first paint', async () => {
    await initI18n('fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('app.loading')).toBe(fr.app.loading);
    expect(i18n.t('app.loading')).not.toBe(en.app.loading);
  });

  it('tells which keys exist, in the main namespace or another', () => {
    expect(i18n.exists('errors.generic')).toBe(true);
    expect(i18n.exists('errors.NO_SUCH_CODE')).toBe(false);
    // A namespace nobody has asked for is not loaded: its keys do not exist yet.
    expect(i18n.exists('forbidden.title', { ns: 'organise' })).toBe(false);
  });

  it('switches to the language asked for last when two changes overlap', async () => {
    await Promise.all([i18n.changeLanguage('pl'), i18n.changeLanguage('th')]);
    expect(i18n.language).toBe('th');
    expect(i18n.t('app.loading')).toBe(th.app.loading);
  });

  it('shows English, and says why, when a language file cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await i18n.changeLanguage('xx');
    expect(i18n.t('app.loading')).toBe(en.app.loading);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
