import XMLBuilder from 'fast-xml-builder';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ImportProblem } from '#shared/contracts/import-problems';
import { slotOf, type QuestionSlot } from '#shared/domain/question-review';
import type { TargetLanguage } from '#shared/domain/translation-status';
import { AppError } from '../../../http/errors';
import type { QuestionRow } from '../../play/repository';
import { inSlotOrder, statusOf, textFingerprint } from './translation-readiness';

/**
 * A week's questions as an XLIFF 2.0 document for one target language, and back (ADR 0040).
 * One unit per text a translator translates, its id stable across exports: `q<question id>.text`,
 * `q<id>.option.<key>`, `q<id>.explanation`; the source title goes along as `q<id>.source`
 * with translate="no" (a reference is cited as published). Each unit carries the SHA-256 of its
 * English text in the metadata module (`<mda:meta type="source-sha256">`): an import refuses a
 * unit whose English has changed since. The correct option is never in the file.
 */

const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0';
const METADATA_NS = 'urn:oasis:names:tc:xliff:metadata:2.0';
const FINGERPRINT = 'source-sha256';

/** What a translator may write into each kind of unit, as the question editor allows. */
export const TARGET_MAX = { text: 400, option: 200, explanation: 1000 } as const;

export type UnitField =
  { kind: 'text' } | { kind: 'option'; key: string } | { kind: 'explanation' } | { kind: 'source' };

/** @example parseUnitId('q12.option.b') // { questionId: 12, field: { kind: 'option', key: 'b' } } */
export function parseUnitId(id: string): { questionId: number; field: UnitField } | null {
  const match = /^q(\d{1,9})\.(text|explanation|source|option\.([a-e]))$/.exec(id);
  if (!match) return null;
  const questionId = Number(match[1]);
  const field: UnitField = match[3]
    ? { kind: 'option', key: match[3] }
    : { kind: match[2] as 'text' | 'explanation' | 'source' };
  return { questionId, field };
}

/** The English text of a unit's field, or undefined when the question has no such text. */
export function englishOf(row: QuestionRow, field: UnitField): string | undefined {
  const english = row.translations.en;
  const text =
    field.kind === 'text'
      ? english?.text
      : field.kind === 'option'
        ? english?.options[field.key]
        : field.kind === 'explanation'
          ? english?.explanation
          : row.source;
  return text?.trim() ? text : undefined;
}

/** The translation stored for a unit's field ('' when none). */
export function targetOf(row: QuestionRow, language: TargetLanguage, field: UnitField): string {
  const texts = row.translations[language];
  if (field.kind === 'text') return texts?.text ?? '';
  if (field.kind === 'option') return texts?.options[field.key] ?? '';
  if (field.kind === 'explanation') return texts?.explanation ?? '';
  return '';
}

const slotLabel = (slot: QuestionSlot) =>
  slot === 'challenger' ? 'the challenger question' : `question ${slot}`;

type XmlNode = Record<string, unknown>;

function unitOf(
  row: QuestionRow,
  language: TargetLanguage,
  id: string,
  field: UnitField,
): XmlNode[] {
  const source = englishOf(row, field);
  if (source === undefined) return [];
  const slot = slotOf(row.kind, row.position);
  const what =
    field.kind === 'text'
      ? 'the question'
      : field.kind === 'option'
        ? `answer option ${field.key.toUpperCase()} (shown to players in random order)`
        : field.kind === 'explanation'
          ? 'the explanation players read once the week has closed'
          : 'the source it is taken from: cited as published, not translated';
  const meta = {
    'mda:metadata': {
      'mda:metaGroup': {
        '@_category': 'podium',
        'mda:meta': { '@_type': FINGERPRINT, '#text': textFingerprint(source) },
      },
    },
  };
  const notes = {
    notes: { note: { '@_category': 'location', '#text': `${slotLabel(slot)}: ${what}` } },
  };
  if (field.kind === 'source') {
    return [{ '@_id': id, '@_translate': 'no', ...meta, ...notes, segment: { source } }];
  }
  const target = targetOf(row, language, field);
  const status = statusOf(row, language);
  const state = target === '' ? 'initial' : status === 'reviewed' ? 'reviewed' : 'translated';
  return [
    {
      '@_id': id,
      ...meta,
      ...notes,
      segment: { '@_state': state, source, ...(target === '' ? {} : { target }) },
    },
  ];
}

/** The week's questions, in slot order, for translating into `language`. */
export function weekToXliff(
  setNum: number,
  language: TargetLanguage,
  rows: readonly QuestionRow[],
): string {
  const groups = inSlotOrder(rows).map((row) => {
    const prefix = `q${row.id}`;
    const optionKeys = Object.keys(row.translations.en?.options ?? {}).sort();
    const units = [
      ...unitOf(row, language, `${prefix}.text`, { kind: 'text' }),
      ...optionKeys.flatMap((key) =>
        unitOf(row, language, `${prefix}.option.${key}`, { kind: 'option', key }),
      ),
      ...unitOf(row, language, `${prefix}.explanation`, { kind: 'explanation' }),
      ...unitOf(row, language, `${prefix}.source`, { kind: 'source' }),
    ];
    return { '@_id': prefix, '@_name': slotLabel(slotOf(row.kind, row.position)), unit: units };
  });
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    xliff: {
      '@_xmlns': XLIFF_NS,
      '@_xmlns:mda': METADATA_NS,
      '@_version': '2.0',
      '@_srcLang': 'en',
      '@_trgLang': language,
      file: { '@_id': `week-${setNum}`, '@_original': `podium/week-${setNum}`, group: groups },
    },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    indentBy: '  ',
    suppressEmptyNode: true,
  });
  return builder.build(document) as string;
}

/** A unit as read from an imported file. */
export interface ImportedUnit {
  id: string;
  translatable: boolean;
  fingerprint: string | null;
  /** The target's text; null when absent; `markup` when it holds elements. */
  target: string | null | { markup: true };
}

const problemOf = (problem: ImportProblem) =>
  new AppError(
    'IMPORT_INVALID',
    `The file was refused, nothing was imported:\n${problem.message}`,
    { problems: [problem] },
  );

type Node = Record<string, unknown>;
const arrayOf = (value: unknown): Node[] =>
  Array.isArray(value)
    ? (value as Node[])
    : value && typeof value === 'object'
      ? [value as Node]
      : [];
const textOf = (value: unknown): string | null | { markup: true } => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    const keys = Object.keys(value).filter((key) => !key.startsWith('@_'));
    if (keys.some((key) => key !== '#text')) return { markup: true };
    const text = (value as Node)['#text'];
    return typeof text === 'string' ? text : '';
  }
  return String(value);
};

const ARRAYS = new Set(['file', 'group', 'unit', 'segment', 'metaGroup', 'meta', 'note']);

/**
 * Reads an XLIFF 2.0 document exported for week `setNum` and `language`. A DOCTYPE (and with it
 * any entity declaration) is refused before parsing: no entity expansion, no external entity.
 * Not well-formed XML, or another week's or language's file, answers 400 IMPORT_INVALID.
 */
export function parseXliff(
  content: string,
  setNum: number,
  language: TargetLanguage,
): ImportedUnit[] {
  if (/<!(DOCTYPE|ENTITY)/i.test(content)) {
    throw problemOf({
      problem: 'xmlDoctype',
      message: 'The file declares a DOCTYPE or entities; an XLIFF file needs neither.',
    });
  }
  const valid = XMLValidator.validate(content);
  if (valid !== true) {
    const { msg, line } = valid.err;
    throw problemOf({
      problem: 'xml',
      row: line,
      value: msg,
      message: `The file is not well-formed XML: line ${line}: ${msg}`,
    });
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    removeNSPrefix: true,
    // Character references (&#x0E01;) as their characters; no DOCTYPE can reach here.
    htmlEntities: true,
    processEntities: { enabled: true, maxTotalExpansions: 10_000, maxExpandedLength: 2_000_000 },
    isArray: (name) => ARRAYS.has(name),
  });
  const root = (parser.parse(content) as Node).xliff as Node | undefined;
  const wrong = (value: string, message: string) =>
    problemOf({ problem: 'xliff', value, message: `Not this week's XLIFF file: ${message}` });
  if (!root || typeof root !== 'object') throw wrong('xliff', 'its root element is not <xliff>.');
  const version = String(root['@_version'] ?? '');
  if (!version.startsWith('2.')) throw wrong(`version ${version}`, 'it is not XLIFF 2.');
  if (root['@_srcLang'] !== 'en')
    throw wrong(`srcLang ${String(root['@_srcLang'])}`, 'its source language is not en.');
  if (root['@_trgLang'] !== language) {
    throw wrong(`trgLang ${String(root['@_trgLang'])}`, `its target language is not ${language}.`);
  }
  const files = arrayOf(root.file);
  if (files.length !== 1 || files[0]!['@_id'] !== `week-${setNum}`) {
    throw wrong(`file ${String(files[0]?.['@_id'])}`, `it is not the file of week ${setNum}.`);
  }
  const units: Node[] = [];
  const collect = (node: Node) => {
    units.push(...arrayOf(node.unit));
    for (const group of arrayOf(node.group)) collect(group);
  };
  collect(files[0]!);
  return units.map((unit) => {
    const metas = arrayOf(unit.metadata).flatMap((metadata) =>
      arrayOf(metadata.metaGroup).flatMap((group) => arrayOf(group.meta)),
    );
    const fingerprint = metas.find((meta) => meta['@_type'] === FINGERPRINT);
    const targets = arrayOf(unit.segment).map((segment) => textOf(segment.target));
    const markup = targets.some((target) => typeof target === 'object' && target !== null);
    const texts = targets.filter((target): target is string => typeof target === 'string');
    return {
      id: String(unit['@_id'] ?? ''),
      translatable: unit['@_translate'] !== 'no',
      fingerprint: fingerprint ? String(textOf(fingerprint) ?? '') : null,
      target: markup ? { markup: true } : texts.length > 0 ? texts.join('') : null,
    };
  });
}
