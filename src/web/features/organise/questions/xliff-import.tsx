import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import type { ImportProblem } from '#shared/contracts/import-problems';
import type { XliffImportResult } from '#shared/contracts/organise-translations';
import type { TargetLanguage } from '#shared/domain/translation-status';
import type { SeasonId } from './api/season';
import { useImportXliff } from './api/translations';
import { useImportFailure, type ImportFailure } from './import-failure';
import { useLabels } from './labels';
import styles from './translations.module.css';

type Unit = XliffImportResult['units'][number];

/**
 * A translator's XLIFF file back into the week: checked first (a dry run answers what each
 * unit would do), then imported on confirmation; the report lists every unit that was written
 * or refused, and why.
 */
export function XliffImport({
  setNum,
  language,
  season,
}: {
  setNum: number;
  language: TargetLanguage;
  season: SeasonId;
}) {
  const { t } = useTranslation('organise-questions');
  const { languageName } = useLabels();
  const failure = useImportFailure();
  const importer = useImportXliff(setNum, language, season);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [report, setReport] = useState<XliffImportResult | null>(null);
  const [error, setError] = useState<ImportFailure | null>(null);
  const fail = (refusal: unknown) => setError(failure(refusal));

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setReport(null);
    setError(null);
    if (!chosen) return setFile(null);
    const next = { name: chosen.name, content: await chosen.text() };
    setFile(next);
    importer.mutate(
      { content: next.content, dryRun: true },
      { onSuccess: setReport, onError: fail },
    );
  };

  const apply = () => {
    if (!file) return;
    setError(null);
    importer.mutate(
      { content: file.content, dryRun: false },
      {
        onSuccess: (result) => {
          setReport(result);
          setFile(null);
          if (input.current) input.current.value = '';
        },
        onError: fail,
      },
    );
  };

  const problemText = (problem: ImportProblem) =>
    problem.problem === 'xml'
      ? t('translations.problems.xml', { line: problem.row ?? 1, detail: problem.value ?? '' })
      : problem.problem === 'xmlDoctype'
        ? t('translations.problems.xmlDoctype')
        : problem.problem === 'xliff'
          ? t('translations.problems.xliff', { language: languageName(language), week: setNum })
          : problem.message;

  const status = importer.isPending
    ? importer.variables?.dryRun
      ? t('transfer.checking')
      : t('transfer.importing')
    : report && !report.dryRun
      ? t('translations.imported', { count: report.applied })
      : '';

  return (
    <div className={styles.field}>
      <label htmlFor={inputId}>
        {t('translations.file', { language: languageName(language) })}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".xlf,.xliff,.xml,application/xliff+xml,application/xml,text/xml"
        aria-describedby={`${inputId}-hint`}
        disabled={importer.isPending}
        onChange={(event) => void pick(event)}
      />
      <p id={`${inputId}-hint`} className={styles.muted}>
        {t('translations.fileHint')}
      </p>
      <p role="status" aria-busy={importer.isPending || undefined} className={styles.muted}>
        {status}
      </p>
      {error && (
        <div role="alert" className={styles.error}>
          <p>{error.text}</p>
          {error.problems.length > 0 && (
            <ul>
              {error.problems.map((problem, index) => (
                <li key={index}>{problemText(problem)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {report && (
        <Report
          report={report}
          fileName={file?.name ?? null}
          onApply={apply}
          onCancel={() => {
            setReport(null);
            setFile(null);
            if (input.current) input.current.value = '';
          }}
          busy={importer.isPending}
        />
      )}
    </div>
  );
}

function Report(props: {
  report: XliffImportResult;
  fileName: string | null;
  busy: boolean;
  onApply: () => void;
  onCancel: () => void;
}) {
  const { report } = props;
  const { t } = useTranslation('organise-questions');
  const { slotName } = useLabels();
  const listed = report.units.filter((unit) => unit.outcome !== 'unchanged');
  const unchanged = report.units.length - listed.length;
  const place = (unit: Unit) => {
    const field = /\.(text|explanation|option\.([a-e]))$/.exec(unit.id);
    if (!unit.slot || !field) return unit.id;
    const what = field[2]
      ? t('translations.field.option', { key: field[2].toUpperCase() })
      : t(`translations.field.${field[1] as 'text' | 'explanation'}`);
    return `${slotName(unit.slot)} · ${what}`;
  };
  return (
    <div className={styles.report} role="region" aria-labelledby="xliff-report-title">
      <h4 id="xliff-report-title">
        {report.dryRun
          ? t('translations.previewTitle', { file: props.fileName ?? '' })
          : t('translations.reportTitle')}
      </h4>
      <p>
        {t(report.dryRun ? 'translations.wouldApply' : 'translations.applied', {
          count: report.applied,
        })}{' '}
        {report.refused > 0 && t('translations.refused', { count: report.refused })}{' '}
        {unchanged > 0 && t('translations.unchanged', { count: unchanged })}
      </p>
      {listed.length > 0 && (
        <ul className={styles.units} tabIndex={0} aria-label={t('translations.unitsLabel')}>
          {listed.map((unit, index) => (
            <li key={`${unit.id}-${index}`} className={styles[`unit-${unit.outcome}`]}>
              <span className={styles.unitPlace}>{place(unit)}</span>{' '}
              <span>{t(`translations.outcome.${unit.outcome}`, { max: unit.max ?? 0 })}</span>
            </li>
          ))}
        </ul>
      )}
      {report.dryRun && (
        <div className={styles.actions}>
          <button
            type="button"
            className="button"
            disabled={props.busy || report.applied === 0}
            onClick={props.onApply}
          >
            {t('translations.apply')}
          </button>
          <button type="button" className="button button-secondary" onClick={props.onCancel}>
            {t('transfer.cancel')}
          </button>
        </div>
      )}
    </div>
  );
}
