import XMLBuilder from 'fast-xml-builder';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../../tests/factories';
import {
  latestAudit,
  ok,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../../tests/organise-helpers';
import { createPlayApp, registeredPlayer, type PlayApp } from '../../../../../tests/play-helpers';
import type { ImportDetails } from '#shared/contracts/errors';
import type { Warnings } from '#shared/contracts/organise';
import type { OrganiserQuestion, WeekQuestions } from '#shared/contracts/organise-questions';
import type { WeekTranslations, XliffImportResult } from '#shared/contracts/organise-translations';

let t: PlayApp;
let organiser: ApiClient;
beforeAll(async () => {
  t = await createPlayApp(moments2025.beforeLaunch);
  organiser = await signInOrganiser(t.app);
});
afterAll(() => t.close());

const xliffUrl = (setNum: number, language: string) =>
  `/api/organise/weeks/${setNum}/translations/${language}/xliff`;
const week = async (setNum: number) =>
  ok<WeekQuestions>(await organiser.get(`/api/organise/weeks/${setNum}/questions`));
const translations = async (setNum: number) =>
  ok<WeekTranslations>(await organiser.get(`/api/organise/weeks/${setNum}/translations`));
const exportXliff = async (setNum: number, language: string) => {
  const response = await organiser.get(xliffUrl(setNum, language));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/xliff+xml; charset=utf-8');
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="week-${setNum}-${language}.xlf"`,
  );
  return response.body;
};
const importXliff = (setNum: number, language: string, content: string, dryRun = false) =>
  organiser.post(xliffUrl(setNum, language), { content, dryRun });

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => ['group', 'unit'].includes(name),
  parseTagValue: false,
});
interface Unit {
  '@_id': string;
  '@_translate'?: string;
  segment: { '@_state'?: string; source: string; target?: string };
}
const unitsOf = (xml: string): Unit[] =>
  (
    parser.parse(xml) as { xliff: { file: { group: { unit: Unit[] }[] } } }
  ).xliff.file.group.flatMap((group) => group.unit);

/** The file with every translatable unit's target set by `fill` (unit id, English source). */
function filled(xml: string, fill: (id: string, source: string) => string | null): string {
  // Rebuilt by the same library the server reads with: targets replaced, everything else kept.
  const document = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    preserveOrder: false,
    isArray: (name) => ['group', 'unit'].includes(name),
  }).parse(xml) as { xliff: { file: { group: { unit: Unit[] }[] } } };
  for (const group of document.xliff.file.group) {
    for (const unit of group.unit) {
      if (unit['@_translate'] === 'no') continue;
      const target = fill(unit['@_id'], unit.segment.source);
      if (target === null) delete unit.segment.target;
      else unit.segment.target = target;
    }
  }
  return xmlOf(document);
}

const xmlOf = (document: unknown) =>
  new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true }).build(
    document,
  ) as string;

const inputOf = (question: OrganiserQuestion) => ({
  category: question.category,
  correct: question.correct,
  source: question.source,
  translations: question.translations,
});
const question = async (setNum: number, slot: number | 'challenger') =>
  (await week(setNum)).slots.find((entry) => entry.slot === slot)!.question!;
async function editEnglishText(setNum: number, slot: number | 'challenger', text: string) {
  const stored = await question(setNum, slot);
  const input = inputOf(stored);
  input.translations = { ...input.translations, en: { ...input.translations.en!, text } };
  ok(await organiser.put(`/api/organise/weeks/${setNum}/questions/${slot}`, input));
}

describe('export', () => {
  it('writes XLIFF 2.0 for one language: every text a unit with a stable id and a fingerprint', async () => {
    const xml = await exportXliff(2, 'fr');
    const document = parser.parse(xml) as {
      xliff: Record<string, string> & { file: Record<string, string> };
    };
    expect(document.xliff['@_version']).toBe('2.0');
    expect(document.xliff['@_xmlns']).toBe('urn:oasis:names:tc:xliff:document:2.0');
    expect(document.xliff['@_srcLang']).toBe('en');
    expect(document.xliff['@_trgLang']).toBe('fr');
    expect(document.xliff.file['@_id']).toBe('week-2');
    const stored = await week(2);
    const units = unitsOf(xml);
    const first = stored.slots[0]!.question!;
    const ids = units.map((unit) => unit['@_id']);
    expect(ids).toContain(`q${first.id}.text`);
    for (const key of first.optionKeys) expect(ids).toContain(`q${first.id}.option.${key}`);
    const text = units.find((unit) => unit['@_id'] === `q${first.id}.text`)!;
    expect(text.segment.source).toBe(first.translations.en!.text);
    expect(text.segment.target).toBe(first.translations.fr!.text);
    // Shipped translations have no review recorded: translated, not reviewed.
    expect(text.segment['@_state']).toBe('translated');
    expect(xml).toMatch(/<mda:meta type="source-sha256">[0-9a-f]{64}<\/mda:meta>/);
    expect(ids.every((id) => /^q\d+\.(text|option\.[a-e]|explanation|source)$/.test(id))).toBe(
      true,
    );
  });

  it('leaves the answer key out: no correct option, option units all alike', async () => {
    const xml = await exportXliff(2, 'th');
    expect(xml).not.toMatch(/correct/i);
    const options = unitsOf(xml).filter((unit) => unit['@_id'].includes('.option.'));
    expect(options.length).toBeGreaterThan(10);
    const shapes = new Set(
      options.map((unit) => JSON.stringify(Object.keys(unit).concat(Object.keys(unit.segment)))),
    );
    expect(shapes.size).toBe(1);
  });

  it('keeps the unit ids from one export to the next, after an edit in between', async () => {
    const before = unitsOf(await exportXliff(2, 'es')).map((unit) => unit['@_id']);
    await editEnglishText(2, 4, 'Which nutrient, reworded for the test?');
    const after = unitsOf(await exportXliff(2, 'es')).map((unit) => unit['@_id']);
    expect(after).toEqual(before);
  });

  it('refuses English as a target language, and a week out of the season', async () => {
    refused(await organiser.get(xliffUrl(2, 'en')), 400, 'BAD_REQUEST');
    refused(await organiser.get(xliffUrl(9, 'fr')), 400, 'BAD_REQUEST');
  });
});

describe('import', () => {
  it('writes the targets into the translation, marks it translated, and a dry run writes nothing', async () => {
    const xml = await exportXliff(3, 'pl');
    const file = filled(xml, (id) => `PL ${id}`);
    const dry = ok<XliffImportResult>(await importXliff(3, 'pl', file, true));
    expect(dry.dryRun).toBe(true);
    expect(dry.applied).toBeGreaterThan(20);
    expect(dry.refused).toBe(0);
    expect(dry.changedQuestions).toEqual([1, 2, 3, 4, 5, 'challenger']);
    const untouched = await question(3, 1);
    expect(untouched.translations.pl!.text).not.toMatch(/^PL /);
    expect(untouched.status).toBe('approved');

    const result = ok<XliffImportResult>(await importXliff(3, 'pl', file));
    expect(result.applied).toBe(dry.applied);
    expect(result.units.every((unit) => unit.outcome === 'applied')).toBe(true);
    const stored = await question(3, 1);
    expect(stored.translations.pl!.text).toBe(`PL q${stored.id}.text`);
    expect(stored.translations.pl!.options.b).toBe(`PL q${stored.id}.option.b`);
    // The key and the other languages stay as they were; the question is a draft again.
    expect(stored.correct).toBe(untouched.correct);
    expect(stored.translations.fr).toEqual(untouched.translations.fr);
    expect(stored.status).toBe('draft');
    expect(result.translations.questions.every((entry) => entry.status.pl === 'translated')).toBe(
      true,
    );
    const [audit] = await latestAudit(t.database.db);
    expect(audit!.action).toBe('translations.import');

    // The same file again: every unit unchanged, nothing written.
    const again = ok<XliffImportResult>(await importXliff(3, 'pl', file));
    expect(again.applied).toBe(0);
    expect(new Set(again.units.map((unit) => unit.outcome))).toEqual(new Set(['unchanged']));
  });

  it('refuses a unit whose English changed since the export, and applies the others', async () => {
    const xml = await exportXliff(4, 'vi');
    const q1 = await question(4, 1);
    const q2 = await question(4, 2);
    await editEnglishText(4, 1, 'A question reworded after the export?');
    const file = filled(xml, (id) => `VI ${id}`);
    const result = ok<XliffImportResult>(await importXliff(4, 'vi', file));
    const outcome = (id: string) => result.units.find((unit) => unit.id === id)?.outcome;
    expect(outcome(`q${q1.id}.text`)).toBe('stale');
    expect(result.units.find((unit) => unit.id === `q${q1.id}.text`)!.slot).toBe(1);
    expect(outcome(`q${q1.id}.option.a`)).toBe('applied');
    expect(outcome(`q${q2.id}.text`)).toBe('applied');
    expect(result.refused).toBe(1);
    const stored = await question(4, 1);
    expect(stored.translations.vi!.text).toBe(q1.translations.vi!.text);
    expect(stored.translations.vi!.options.a).toBe(`VI q${q1.id}.option.a`);
    const status = (slot: number) =>
      result.translations.questions.find((entry) => entry.slot === slot)!.status.vi;
    expect(status(1)).toBe('stale');
    expect(status(2)).toBe('translated');
  });

  it('reports units of another week, without a fingerprint, with markup or blank', async () => {
    const xml = await exportXliff(5, 'id');
    const q1 = (await week(5)).slots
      .map((entry) => entry.question!)
      .find((entry) => entry.optionKeys.length >= 4)!;
    let file = filled(xml, (id) => (id === `q${q1.id}.option.a` ? null : `ID ${id}`));
    file = file
      .replace(`<unit id="q${q1.id}.option.b">`, `<unit id="q999999.option.b">`)
      .replace(
        new RegExp(
          `(<unit id="q${q1.id}\\.option\\.c">\\s*)<mda:metadata>[\\s\\S]*?</mda:metadata>`,
        ),
        '$1',
      )
      .replace(`>ID q${q1.id}.option.d<`, `>ID <ph id="1"/> d<`);
    const result = ok<XliffImportResult>(await importXliff(5, 'id', file, true));
    const outcome = (id: string) => result.units.find((unit) => unit.id === id)?.outcome;
    expect(outcome(`q${q1.id}.option.a`)).toBe('empty');
    expect(outcome('q999999.option.b')).toBe('unknown');
    expect(outcome(`q${q1.id}.option.c`)).toBe('noFingerprint');
    expect(outcome(`q${q1.id}.option.d`)).toBe('markup');
    expect(result.refused).toBe(3);
    expect(outcome(`q${q1.id}.text`)).toBe('applied');
  });

  it('refuses a file that is not well-formed XML, naming the line', async () => {
    const xml = await exportXliff(5, 'th');
    const broken = xml.replace('</source>', '</sauce>');
    const response = await importXliff(5, 'th', broken);
    const message = refused(response, 400, 'IMPORT_INVALID');
    expect(message).toMatch(/not well-formed XML: line \d+/);
    const [problem] = (response.json().error.details as ImportDetails).problems;
    expect(problem!.problem).toBe('xml');
    expect(problem!.row).toBeGreaterThan(1);
  });

  it('refuses entity expansion and external entities unread', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">' +
      '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><xliff version="2.0" srcLang="en" trgLang="th"><file id="week-5"><unit id="x"><segment><source>&c;</source></segment></unit></file></xliff>';
    const external =
      '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
      '<xliff version="2.0" srcLang="en" trgLang="th"><file id="week-5"><unit id="x"><segment><source>&xxe;</source></segment></unit></file></xliff>';
    for (const hostile of [laughs, external]) {
      const response = await importXliff(5, 'th', hostile);
      refused(response, 400, 'IMPORT_INVALID');
      expect((response.json().error.details as ImportDetails).problems[0]!.problem).toBe(
        'xmlDoctype',
      );
      expect(response.body).not.toMatch(/root:/);
    }
  });

  it('never stores a character reference to NUL or a lone surrogate (the parser drops them), never a 500', async () => {
    const xml = await exportXliff(5, 'th');
    const q1 = await question(5, 1);
    for (const reference of ['&#0;', '&#xD800;']) {
      const hostile = xml.replace(/<target>/, `<target>${reference}X${reference.length}`);
      const result = ok<XliffImportResult>(await importXliff(5, 'th', hostile));
      expect(result.units.find((unit) => unit.id === `q${q1.id}.text`)!.outcome).toBe('applied');
      const stored = (await question(5, 1)).translations.th!.text;
      expect(stored.startsWith(`X${reference.length}`)).toBe(true);
      expect(stored.includes(String.fromCharCode(0))).toBe(false);
      expect(stored).not.toMatch(/[\uD800-\uDFFF]/);
    }
  });

  it("refuses another language's or another week's file", async () => {
    const xml = await exportXliff(5, 'th');
    for (const [setNum, language] of [
      [5, 'vi'],
      [6, 'th'],
    ] as const) {
      const response = await importXliff(setNum, language, xml);
      refused(response, 400, 'IMPORT_INVALID');
      expect((response.json().error.details as ImportDetails).problems[0]!.problem).toBe('xliff');
    }
    refused(await importXliff(5, 'th', '<html><body>hello</body></html>'), 400, 'IMPORT_INVALID');
  });

  it('gives the same result when the same file is imported twice at once, never a 500', async () => {
    const xml = await exportXliff(6, 'es');
    const file = filled(xml, (id) => `ES ${id}`);
    const responses = await Promise.all([importXliff(6, 'es', file), importXliff(6, 'es', file)]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const results = responses.map((response) => response.json() as XliffImportResult);
    const applied = results.map((result) => result.applied).sort((a, b) => a - b);
    expect(applied[0]).toBe(0);
    expect(applied[1]).toBeGreaterThan(20);
    const stored = await question(6, 2);
    expect(stored.translations.es!.text).toBe(`ES q${stored.id}.text`);
    const imports = (await latestAudit(t.database.db, 5)).filter(
      (entry) => entry.action === 'translations.import' && entry.entityId === '6',
    );
    expect(imports).toHaveLength(1);
  });
});

describe('status and readiness per language', () => {
  it('marks translations reviewed; an English edit makes them stale; an incomplete one is refused', async () => {
    const url = '/api/organise/weeks/1/translations/th/review';
    const reviewed = ok<WeekTranslations>(await organiser.post(url, { slots: [1, 2] }));
    const status = (view: WeekTranslations, slot: number) =>
      view.questions.find((entry) => entry.slot === slot)!.status.th;
    expect(status(reviewed, 1)).toBe('reviewed');
    expect(status(reviewed, 3)).toBe('translated');
    // Twice at once: the same result.
    const twice = await Promise.all([
      organiser.post(url, { slots: [1] }),
      organiser.post(url, { slots: [1] }),
    ]);
    expect(twice.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await week(1)).slots[0]!.question!.status).toBe('approved');

    await editEnglishText(1, 1, 'An English question edited after the review?');
    const after = await translations(1);
    expect(status(after, 1)).toBe('stale');
    expect(status(after, 2)).toBe('reviewed');
    expect(after.languages.find((entry) => entry.language === 'th')!.stale).toEqual([1]);

    const q5 = await question(1, 5);
    const input = inputOf(q5);
    const { th: _th, ...others } = input.translations;
    ok(
      await organiser.put('/api/organise/weeks/1/questions/5', { ...input, translations: others }),
    );
    refused(await organiser.post(url, { slots: [5] }), 409, 'QUESTION_INCOMPLETE');
    refused(await organiser.post(url, { slots: [] }), 400, 'BAD_REQUEST');
  });

  it('counts the registered players of each language and what they would miss', async () => {
    await registeredPlayer(t, 'demo-putri', { language: 'th' });
    await registeredPlayer(t, 'demo-linh', { language: 'th' });
    await registeredPlayer(t, 'demo-kasia', { language: 'pl' });
    const view = await translations(1);
    const th = view.languages.find((entry) => entry.language === 'th')!;
    expect(th.players).toBe(2);
    expect(th.missing).toEqual([5]);
    expect(th.stale).toEqual([1]);
    expect(th.unreviewed).toEqual([3, 4, 'challenger']);
    // Question 5 has no Thai at all: its explanation too would be read in English.
    expect(th.englishExplanations).toEqual([5]);
    expect(view.languages[0]!.language).toBe('th');
    const pl = view.languages.find((entry) => entry.language === 'pl')!;
    expect(pl.players).toBe(1);
    expect(pl.missing).toEqual([]);
    expect(view.languages.find((entry) => entry.language === 'vi')!.players).toBe(0);

    // The dashboard's warning says who waits for which translation.
    const warnings = ok<Warnings>(await organiser.get('/api/organise/warnings?days=14'));
    const week1 = warnings.warnings.find((warning) => warning.setNum === 1)!;
    expect(week1.problems).toContainEqual({ slot: 5, problem: 'incomplete', languages: ['th'] });
    expect(week1.languages).toEqual([{ language: 'th', players: 2, missing: [5] }]);
  });
});
