import { describe, expect, it } from 'vitest';
import { SEASON_2025, SEASON_DEMO } from '../../../../tests/factories';
import { readSeasonBundle } from './read-content';

/**
 * Players review a closed week with an explanation and its source, in their language (ADR 0019).
 * Read through the loader, so a schema that dropped the field would fail here too.
 */
describe.each([
  ['2025', SEASON_2025],
  ['demo', SEASON_DEMO],
])('the %s season’s questions', (_name, seasonFile) => {
  it('each have a source, and an explanation in every language their text exists in', async () => {
    const { questions } = await readSeasonBundle(seasonFile);
    const missing: string[] = [];
    let explained = 0;
    for (const week of questions) {
      for (const question of week.questions) {
        const where = `week ${week.setNum}, ${question.slot}`;
        if (question.source.trim().length < 20) missing.push(`${where}: source`);
        for (const [language, texts] of Object.entries(question.translations)) {
          if (!texts.explanation?.trim()) missing.push(`${where}: ${language} explanation`);
          else explained += 1;
        }
      }
    }
    expect(missing).toEqual([]);
    expect(explained).toBe(36 * 7);
  });
});
