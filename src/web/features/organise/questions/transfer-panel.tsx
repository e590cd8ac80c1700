import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import type { ImportResult, WeekQuestions } from '#shared/contracts/organise-questions';
import { exportUrl, useImportQuestions, type QuestionFileFormat } from './api/import-questions';
import type { SeasonId } from './api/season';
import { importChanges } from './import-changes';
import { useImportFailure, type ImportFailure } from './import-failure';
import { useImportProblemText } from './import-problems';
import { useLabels } from './labels';
import styles from './questions.module.css';

type Picked = { name: string; format: QuestionFileFormat; base64: string };

/** By the file's extension: .json, .xlsx, else a CSV or tab-separated text. */
const formatOf = (name: string): QuestionFileFormat => {
  const lower = name.toLowerCase();
  return lower.endsWith('.json') ? 'json' : lower.endsWith('.xlsx') ? 'xlsx' : 'csv';
};

/** A file's bytes in base64, whatever its encoding or format. */
const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    // A data: URL, "data:<type>;base64,<bytes>".
    reader.onload = () => resolve(String(reader.result).replace(/^[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

/**
 * A week's questions as files: download links to the export, and an import that is always
 * checked first (a dry run shows what would change) before it is applied.
 */
export function TransferPanel({ week, season }: { week: WeekQuestions; season: SeasonId }) {
  const { t } = useTranslation('organise-questions');
  const { slotName } = useLabels();
  const failure = useImportFailure();
  const problemText = useImportProblemText();
  const importer = useImportQuestions(week.setNum, season);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [reading, setReading] = useState(false);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const [error, setError] = useState<ImportFailure | null>(null);
  const fail = (refusal: unknown) => setError(failure(refusal));

  const reset = () => {
    setPicked(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(null);
    setDone(null);
    setError(null);
    if (!file) return setPicked(null);
    setReading(true);
    try {
      const next = { name: file.name, format: formatOf(file.name), base64: await readBase64(file) };
      setPicked(next);
      importer.mutate(
        { format: next.format, base64: next.base64, dryRun: true },
        { onSuccess: setPreview, onError: fail },
      );
    } catch {
      setError({ text: t('transfer.unreadable'), problems: [] });
    } finally {
      setReading(false);
    }
  };

  const apply = () => {
    if (!picked) return;
    setError(null);
    importer.mutate(
      { format: picked.format, base64: picked.base64, dryRun: false },
      {
        onSuccess: (result) => {
          setDone(result.changed);
          reset();
        },
        onError: fail,
      },
    );
  };

  const changes = preview ? importChanges(week, preview.week) : [];
  const busy = reading || importer.isPending;
  const status = reading
    ? t('transfer.reading')
    : importer.isPending
      ? importer.variables?.dryRun
        ? t('transfer.checking')
        : t('transfer.importing')
      : done !== null
        ? t('transfer.imported', { number: done })
        : '';

  return (
    <section aria-labelledby="transfer-title" className={styles.transfer}>
      <h3 id="transfer-title">{t('transfer.title')}</h3>
      <div className={styles.actions}>
        <a
          className="button button-secondary"
          href={exportUrl(week.setNum, 'xlsx', season)}
          download
        >
          {t('transfer.exportXlsx')}
        </a>
        <a
          className="button button-secondary"
          href={exportUrl(week.setNum, 'csv', season)}
          download
        >
          {t('transfer.exportCsv')}
        </a>
        <a
          className="button button-secondary"
          href={exportUrl(week.setNum, 'json', season)}
          download
        >
          {t('transfer.exportJson')}
        </a>
      </div>
      {week.locked ? (
        <p className={styles.muted}>{t('transfer.locked')}</p>
      ) : (
        <div className={styles.field}>
          <label htmlFor={inputId}>{t('transfer.file')}</label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".xlsx,.csv,.tsv,.txt,.json,text/csv,text/plain,application/json"
            aria-describedby={`${inputId}-hint`}
            disabled={busy}
            onChange={(event) => void pick(event)}
          />
          <p id={`${inputId}-hint`} className={styles.muted}>
            {t('transfer.fileHint')}
          </p>
        </div>
      )}
      <p role="status" aria-busy={busy || undefined} className={styles.saved}>
        {status}
      </p>
      {error && (
        <div role="alert" className={styles.error}>
          <p>{error.text}</p>
          {error.problems.length > 0 && (
            <ul className={styles.details} tabIndex={0} aria-label={t('transfer.problemsLabel')}>
              {error.problems.map((problem, index) => (
                <li key={index}>{problemText(problem)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {preview && picked && (
        <div className={styles.preview} aria-labelledby="preview-title" role="region">
          <h4 id="preview-title">{t('transfer.previewTitle', { file: picked.name })}</h4>
          {changes.length === 0 ? (
            <p>{t('transfer.nothing')}</p>
          ) : (
            <>
              <p>{t('transfer.wouldChange', { number: preview.changed })}</p>
              <ul>
                {changes.map((change) => (
                  <li key={change.slot}>
                    {t(`transfer.${change.change}`, { slot: slotName(change.slot) })}
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className={styles.actions}>
            <button
              type="button"
              className="button"
              disabled={busy || preview.changed === 0}
              onClick={apply}
            >
              {t('transfer.apply')}
            </button>
            <button type="button" className="button button-secondary" onClick={reset}>
              {t('transfer.cancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
