import { useTranslation } from '../../../adapters/i18n';
import { LoadFailed } from '../../../components/load-failed';
import styles from '../organise-screen.module.css';
import { Loading } from '../screen-states';
import { useOutbox } from './api/outbox';
import { OutboxEntryCard } from './outbox-entry';
import outboxStyles from './outbox.module.css';

/**
 * /organise/outbox (ADR 0020): every reminder, newest first, with its local and UTC time. With
 * no SMTP server configured it is where the demo's mails are kept; with one, a delivery log.
 */
export function OutboxPage() {
  const { t, ready } = useTranslation('organise-outbox');
  const outbox = useOutbox();
  if (!ready) return <Loading />;
  const data = outbox.data;

  return (
    <div className="screen">
      <h1 className="screen-title">{t('title')}</h1>
      {data && (
        <p className="screen-lead">
          {t(data.transport === 'smtp' ? 'lead.smtp' : 'lead.outbox')}{' '}
          {t('lead.schedule', {
            hour: String(data.localHour).padStart(2, '0'),
            count: data.hoursBeforeClose,
          })}
        </p>
      )}
      {data ? (
        data.entries.length === 0 ? (
          <div className={styles.state}>
            <p>{t('empty')}</p>
          </div>
        ) : (
          <>
            <p className={styles.hint}>{t('count', { count: data.entries.length })}</p>
            <ol className={outboxStyles.entries} aria-label={t('title')}>
              {data.entries.map((entry) => (
                <li key={entry.id}>
                  <OutboxEntryCard entry={entry} />
                </li>
              ))}
            </ol>
          </>
        )
      ) : outbox.isError ? (
        <LoadFailed error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  );
}
