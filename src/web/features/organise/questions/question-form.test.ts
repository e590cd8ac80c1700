import { describe, expect, it } from 'vitest';
import type { OrganiserQuestion } from '#shared/contracts/organise-questions';
import { questionInputSchema } from '#shared/contracts/organise-questions';
import { QUESTION_CATEGORIES } from '#shared/contracts/season';
import { CATEGORIES } from './labels';
import {
  canSave,
  emptyForm,
  formFromQuestion,
  isChanged,
  missingFields,
  toQuestionInput,
  withOptionCount,
} from './question-form';

const stored: OrganiserQuestion = {
  id: 7,
  slot: 2,
  category: 'digestion',
  correct: 'c',
  accepted: [],
  voided: false,
  source: 'WHO 2023',
  optionKeys: ['a', 'b', 'c'],
  translations: {
    en: {
      text: 'Where is most water absorbed?',
      options: { a: 'Mouth', b: 'Stomach', c: 'Colon' },
    },
    es: { text: '¿Dónde se absorbe más agua?', options: { a: 'Boca', b: '', c: 'Colon' } },
  },
  complete: { en: true, es: false, fr: false, id: false, pl: false, th: false, vi: false },
  status: 'approved',
  approvedBy: null,
  approvedAt: null,
  updatedAt: '2026-11-22T03:00:00.000Z',
};

describe('the question form', () => {
  it('round-trips a stored question into the same input', () => {
    const input = toQuestionInput(formFromQuestion(stored));
    expect(input.category).toBe('digestion');
    expect(input.correct).toBe('c');
    expect(input.source).toBe('WHO 2023');
    expect(input.translations.en).toEqual(stored.translations.en);
    expect(input.translations.es).toEqual(stored.translations.es);
    // Languages not written yet go out blank, with the same option keys; the server drops them.
    expect(input.translations.th).toEqual({ text: '', options: { a: '', b: '', c: '' } });
    expect(isChanged(formFromQuestion(stored), stored)).toBe(false);
  });

  it('keeps an explanation per language, sends it trimmed, and counts its edit as a change', () => {
    const withWhy = {
      ...stored,
      translations: {
        ...stored.translations,
        en: { ...stored.translations.en!, explanation: 'The colon absorbs what is left.' },
      },
    };
    const form = formFromQuestion(withWhy);
    expect(toQuestionInput(form).translations.en!.explanation).toBe(
      'The colon absorbs what is left.',
    );
    expect(isChanged(form, withWhy)).toBe(false);
    const edited = {
      ...form,
      translations: {
        ...form.translations,
        es: { ...form.translations.es, explanation: '  El colon absorbe el resto. ' },
      },
    };
    expect(isChanged(edited, withWhy)).toBe(true);
    expect(toQuestionInput(edited).translations.es!.explanation).toBe('El colon absorbe el resto.');
    // An explanation is optional: none is not a missing field.
    expect(missingFields(form).en).toEqual([]);
  });

  it('sends trimmed texts and only the options in use, which the contract accepts', () => {
    let form = formFromQuestion(stored);
    form = {
      ...form,
      source: '  WHO 2024 ',
      translations: { ...form.translations, en: { ...form.translations.en, text: ' Where? ' } },
    };
    const input = toQuestionInput(withOptionCount(form, 2));
    expect(input.source).toBe('WHO 2024');
    expect(input.translations.en).toEqual({
      text: 'Where?',
      options: { a: 'Mouth', b: 'Stomach' },
    });
    expect(questionInputSchema.safeParse(input).success).toBe(true);
  });

  it('keeps what was typed in options hidden by fewer options, and moves a correct option that falls away', () => {
    const fewer = withOptionCount(formFromQuestion(stored), 2);
    expect(fewer.correct).toBe('a');
    const again = withOptionCount(fewer, 3);
    expect(again.translations.en.options.c).toBe('Colon');
    expect(withOptionCount(fewer, 9).optionCount).toBe(5);
    expect(withOptionCount(fewer, 1).optionCount).toBe(2);
  });

  it('lists what each language still lacks, and needs English complete to save', () => {
    const missing = missingFields(formFromQuestion(stored));
    expect(missing.en).toEqual([]);
    expect(missing.es).toEqual(['b']);
    expect(missing.fr).toEqual(['text', 'a', 'b', 'c']);
    expect(canSave(formFromQuestion(stored))).toBe(true);

    const blank = emptyForm();
    expect(canSave(blank)).toBe(false);
    expect(missingFields(blank).en).toEqual(['text', 'a', 'b', 'c', 'd']);
  });

  it('sees a change in any language, option or setting, but not in blanks around a text', () => {
    const form = formFromQuestion(stored);
    const padded = {
      ...form,
      translations: {
        ...form.translations,
        en: { ...form.translations.en, text: 'Where is most water absorbed?  ' },
      },
    };
    expect(isChanged(padded, stored)).toBe(false);
    expect(isChanged({ ...form, correct: 'b' }, stored)).toBe(true);
    const polish = { ...form.translations.pl, text: 'Gdzie?' };
    expect(isChanged({ ...form, translations: { ...form.translations, pl: polish } }, stored)).toBe(
      true,
    );
    expect(isChanged(emptyForm(), null)).toBe(false);
  });

  it('offers exactly the categories the contract allows', () => {
    expect([...CATEGORIES]).toEqual([...QUESTION_CATEGORIES]);
  });
});
