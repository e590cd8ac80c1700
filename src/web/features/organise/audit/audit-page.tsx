import { useTranslation } from '../../../adapters/i18n';
import { useSearchParams } from '../../../adapters/router';
import { AUDIT_ENTITIES } from './audit-entities';
import styles from '../organise-screen.module.css';
import { Loading } from '../screen-states';
import { LoadFailed } from '../../../components/load-failed';
import { useAuditPage } from './api/audit';
import { AuditEntryCard } from './audit-entry';
import auditStyles from './audit.module.css';

/**
 * /organise/audit: every organiser change, newest first, a page at a time, filtered by what it
 * changed. Page and filter live in the address, so Back and a shared link keep them.
 */
export function AuditPage() {
  const { t, ready } = useTranslation('organise-season');
  const [params, setParams] = useSearchParams();
  const entityType = AUDIT_ENTITIES.find((type) => type === params.get('type')) ?? null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const audit = useAuditPage(page, entityType);
  const go = (next: { page?: number; type?: string | null }) => {
    const query = new URLSearchParams();
    const type = next.type === undefined ? entityType : next.type;
    if (type) query.set('type', type);
    if ((next.page ?? 1) > 1) query.set('page', String(next.page));
    setParams(query);
  };
  if (!ready) return <Loading />;
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.pageSize)) : 1;

  return (
    <div className="screen">
      <h1 className="screen-title">{t('audit.title')}</h1>
      <p className="screen-lead">{t('audit.lead')}</p>
      <div className={`${styles.field} ${auditStyles.filter}`}>
        <label htmlFor="audit-type" className={styles.label}>
          {t('audit.filter')}
        </label>
        <select
          id="audit-type"
          value={entityType ?? ''}
          onChange={(event) => go({ type: event.target.value || null })}
        >
          <option value="">{t('audit.all')}</option>
          {AUDIT_ENTITIES.map((type) => (
            <option key={type} value={type}>
              {t(`entities.${type}`)}
            </option>
          ))}
        </select>
      </div>
      {audit.data ? (
        audit.data.entries.length === 0 ? (
          <div className={styles.state}>
            <p>{entityType ? t('audit.emptyFiltered') : t('audit.empty')}</p>
          </div>
        ) : (
          <>
            <p className={styles.hint} aria-live="polite">
              {t('audit.count', { number: audit.data.total })}
            </p>
            <ol
              className={auditStyles.entries}
              aria-label={t('audit.title')}
              aria-busy={audit.isPlaceholderData || undefined}
            >
              {audit.data.entries.map((entry) => (
                <li key={entry.id}>
                  <AuditEntryCard entry={entry} />
                </li>
              ))}
            </ol>
            {pages > 1 && (
              <nav className={auditStyles.pager} aria-label={t('audit.pages')}>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={page <= 1}
                  onClick={() => go({ page: page - 1 })}
                >
                  {t('audit.newer')}
                </button>
                <span>{t('audit.page', { page, pages })}</span>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={page >= pages}
                  onClick={() => go({ page: page + 1 })}
                >
                  {t('audit.older')}
                </button>
              </nav>
            )}
          </>
        )
      ) : audit.isError ? (
        <LoadFailed error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  );
}
