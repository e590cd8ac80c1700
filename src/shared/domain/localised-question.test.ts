import { describe, expect, it } from 'vitest';
import { localisedQuestion } from './localised-question';

const english = {
  text: 'Which fatty acid is the main omega-3 in the brain?',
  options: { a: 'LA', b: 'DHA', c: 'EPA' },
  explanation: 'DHA makes up most of the omega-3 in the brain.',
};

describe('a question in the player language, English per field', () => {
  it('uses the translation where it is complete', () => {
    const fr = {
      text: 'Quel acide gras ?',
      options: { a: 'AL', b: 'ADH', c: 'AEP' },
      explanation: "Le DHA forme l'essentiel des oméga-3 du cerveau.",
    };
    expect(localisedQuestion({ en: english, fr }, 'fr')).toEqual({
      text: 'Quel acide gras ?',
      options: [
        { key: 'a', text: 'AL' },
        { key: 'b', text: 'ADH' },
        { key: 'c', text: 'AEP' },
      ],
      explanation: "Le DHA forme l'essentiel des oméga-3 du cerveau.",
    });
  });

  it('falls back to English for a missing explanation and a blank option only', () => {
    const pl = { text: 'Który kwas?', options: { a: 'LA', b: '', c: 'EPA' } };
    const shown = localisedQuestion({ en: english, pl }, 'pl');
    expect(shown.text).toBe('Który kwas?');
    expect(shown.options.map((option) => option.text)).toEqual(['LA', 'DHA', 'EPA']);
    expect(shown.explanation).toBe(english.explanation);
  });

  it('shows English for a language without a translation', () => {
    expect(localisedQuestion({ en: english }, 'th').text).toBe(english.text);
  });

  it('has no explanation when English has none either', () => {
    const { explanation: _, ...bare } = english;
    expect(
      localisedQuestion({ en: bare, vi: { ...bare, text: 'Câu hỏi?' } }, 'vi').explanation,
    ).toBeNull();
  });
});
