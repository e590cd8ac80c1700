import { useTranslation } from '../../../adapters/i18n';
import type { OutboxEntry } from '#shared/contracts/reminders';
import { LANGUAGE_LABELS } from '#shared/domain/language';
import { Flag } from '../../../components/flag';
import { formatInstant } from '../dates';
import styles from '../organise-screen.module.css';
import outboxStyles from './outbox.module.css';

const STATUS_STYLE = {
  pending: styles.upcoming,
  sending: styles.upcoming,
  sent: styles.open,
  skipped: styles.closed,
  failed: styles.locked,
} as const;

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** One reminder: to whom, which week and kind, when (team's local time and UTC), its text. */
export function OutboxEntryCard({ entry }: { entry: OutboxEntry }) {
  const { t, i18n } = useTranslation('organise-outbox');
  const headingId = `outbox-${entry.id}`;
  return (
    <article className={`card ${outboxStyles.entry}`} aria-labelledby={headingId}>
      <header className={outboxStyles.head}>
        <h2 id={headingId} className={outboxStyles.subject}>
          {entry.subject ?? t(`kind.${entry.kind}`, { week: entry.week })}
        </h2>
        <span className={`${styles.badge} ${STATUS_STYLE[entry.status]}`}>
          {t(`status.${entry.status}`)}
        </span>
      </header>
      <p className={outboxStyles.who}>
        <strong>{entry.player.name ?? entry.player.email}</strong>
        {entry.player.email && <span> · {entry.player.email}</span>}
      </p>
      <dl className={outboxStyles.facts}>
        <div>
          <dt>{t('fields.team')}</dt>
          <dd>
            <Flag code={entry.team.flag} /> {entry.team.name}
          </dd>
        </div>
        <div>
          <dt>{t('fields.dueLocal')}</dt>
          <dd>
            <time dateTime={entry.dueAt}>
              {formatInstant(entry.dueAt, i18n.language, entry.timeZone, false)}
            </time>
          </dd>
        </div>
        <div>
          <dt>{t('fields.utc')}</dt>
          <dd>
            <time dateTime={entry.dueAt}>{utc(entry.dueAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('fields.sentUtc')}</dt>
          <dd>{entry.sentAt ? <time dateTime={entry.sentAt}>{utc(entry.sentAt)}</time> : '—'}</dd>
        </div>
        <div>
          <dt>{t('fields.reminder')}</dt>
          <dd>{t(`kind.${entry.kind}`, { week: entry.week })}</dd>
        </div>
        <div>
          <dt>{t('fields.language')}</dt>
          <dd>{entry.language ? LANGUAGE_LABELS[entry.language] : '—'}</dd>
        </div>
        <div>
          <dt>{t('fields.via')}</dt>
          <dd>{entry.transport ? t(`transport.${entry.transport}`) : '—'}</dd>
        </div>
      </dl>
      {entry.note && entry.status !== 'sent' && (
        <p className={outboxStyles.note}>
          {t('note', {
            note: i18n.exists(`notes.${entry.note}`, { ns: 'organise-outbox' })
              ? t(`notes.${entry.note}`)
              : entry.note,
          })}
        </p>
      )}
      {entry.body && (
        <details className={outboxStyles.message}>
          <summary>{t('showMessage')}</summary>
          <pre lang={entry.language ?? undefined}>{entry.body}</pre>
        </details>
      )}
    </article>
  );
}
