import { useTranslation } from '../../../adapters/i18n';
import type { AuditEntry } from '#shared/contracts/organise';
import { usePlayer } from '../../../lib/use-player';
import styles from '../organise-screen.module.css';
import { formatInstant } from '../dates';
import { auditChanges, pathLabel, valueLabel, type FieldChange } from './audit-diff';
import auditStyles from './audit.module.css';
import stacked from '../stacked-table.module.css';

/** Changes shown at once; the rest (a whole week imported) wait behind 'Show more'. */
const SHOWN = 12;

const nameIn = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string'
    ? value.name
    : null;

/** One audit entry: what happened, to what, by whom, when, why, and the fields it changed. */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('organise-season');
  const me = usePlayer();
  const actionKey = `actionNames.${entry.action}`;
  const action = i18n.exists(actionKey, { ns: 'organise-season' }) ? t(actionKey) : entry.action;
  const name = nameIn(entry.after) ?? nameIn(entry.before);
  const changes = auditChanges(entry.before, entry.after);
  const headingId = `audit-${entry.id}`;
  return (
    <article className={`card ${auditStyles.entry}`} aria-labelledby={headingId}>
      <header className={auditStyles.head}>
        <h2 id={headingId} className={auditStyles.action}>
          {action}
        </h2>
        <time dateTime={entry.at} className={auditStyles.when}>
          {formatInstant(entry.at, i18n.language, me.timeZone)}
        </time>
      </header>
      <p className={auditStyles.meta}>
        {t('audit.by', { name: entry.actor.name })} ·{' '}
        {t('audit.entity', {
          type: t(`entities.${entry.entityType}`),
          name: name ?? `#${entry.entityId}`,
        })}
      </p>
      {entry.reason && (
        <p className={auditStyles.reason}>
          <strong>{t('audit.reason')}</strong> {entry.reason}
        </p>
      )}
      {changes.length === 0 ? (
        <p className={styles.hint}>{t('audit.noChange')}</p>
      ) : (
        <>
          <ChangeTable changes={changes.slice(0, SHOWN)} caption={t('audit.changes')} />
          {changes.length > SHOWN && (
            <details className={auditStyles.more}>
              <summary>
                {t('audit.more', { number: changes.length - SHOWN, count: changes.length - SHOWN })}
              </summary>
              <ChangeTable changes={changes.slice(SHOWN)} caption={t('audit.changes')} />
            </details>
          )}
        </>
      )}
    </article>
  );
}

function ChangeTable({ changes, caption }: { changes: FieldChange[]; caption: string }) {
  const { t } = useTranslation('organise-season');
  const cell = (change: FieldChange, side: 'before' | 'after') =>
    side in change ? (
      valueLabel(change[side])
    ) : (
      <span className={auditStyles.absent}>{t('audit.absent')}</span>
    );
  return (
    <div className={auditStyles.tableWrap}>
      <table className={`${auditStyles.table} ${stacked.table}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.field')}</th>
            <th scope="col">{t('audit.before')}</th>
            <th scope="col">{t('audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={JSON.stringify(change.path)}>
              <th scope="row">{pathLabel(change.path) || t('audit.value')}</th>
              <td className={auditStyles.before} data-label={t('audit.before')}>
                {cell(change, 'before')}
              </td>
              <td className={auditStyles.after} data-label={t('audit.after')}>
                {cell(change, 'after')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
