import { useState } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import type { GapTopic } from '#shared/contracts/organise-gaps';
import { Flag } from '../../../components/flag';
import { countryName } from '../../../lib/format';
import { percentText, timeText } from '../figures';
import { countsText, topicName } from './gaps-labels';
import styles from './gaps.module.css';
import { ShareBar } from '../share-bar';

/** The topics, weakest first: cards on a phone, a table from a tablet up (one shows at a time). */
export function GapTopics({ topics }: { topics: GapTopic[] }) {
  const { t, i18n } = useTranslation('organise-gaps');
  const name = (category: string) => topicName(category, t, (key) => i18n.exists(key));
  return (
    <section aria-labelledby="gap-topics-title" className={styles.section}>
      <h2 id="gap-topics-title" className={styles.heading}>
        {t('topics.title')}
      </h2>
      <ol className={`${styles.cards} ${styles.narrowOnly}`}>
        {topics.map((topic) => (
          <li key={topic.category} className={styles.card} data-testid="gap-topic">
            <h3 className={styles.cardTitle}>{name(topic.category)}</h3>
            <ShareBar
              percent={topic.correctShare}
              text={t('topics.correctShare', {
                share: percentText(topic.correctShare, i18n.language),
              })}
            />
            <p className={styles.cardLine}>
              {t('topics.averageTime', { time: timeText(topic.averageSeconds) })} ·{' '}
              {countsText(topic, t)}
            </p>
          </li>
        ))}
      </ol>
      <table className={`${styles.table} ${styles.wideOnly}`}>
        <thead>
          <tr>
            <th scope="col">{t('columns.topic')}</th>
            <th scope="col">{t('columns.correct')}</th>
            <th scope="col" className={styles.number}>
              {t('columns.time')}
            </th>
            <th scope="col">{t('columns.answers')}</th>
          </tr>
        </thead>
        <tbody>
          {topics.map((topic) => (
            <tr key={topic.category} data-testid="gap-topic-row">
              <th scope="row">{name(topic.category)}</th>
              <td>
                <ShareBar
                  percent={topic.correctShare}
                  text={percentText(topic.correctShare, i18n.language)}
                />
              </td>
              <td className={styles.number}>{timeText(topic.averageSeconds)}</td>
              <td>{countsText(topic, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One topic (the weakest by default) by region and by team, weakest first. */
export function TopicBreakdown({ topics }: { topics: GapTopic[] }) {
  const { t, i18n } = useTranslation('organise-gaps');
  const [chosen, setChosen] = useState<string | null>(null);
  const topic = topics.find((entry) => entry.category === chosen) ?? topics[0]!;
  const name = (category: string) => topicName(category, t, (key) => i18n.exists(key));
  const regions = [...topic.byRegion].sort(
    (a, b) => (a.correctShare ?? 101) - (b.correctShare ?? 101),
  );
  return (
    <section aria-labelledby="gap-breakdown-title" className={styles.section}>
      <h2 id="gap-breakdown-title" className={styles.heading}>
        {t('breakdown.title')}
      </h2>
      <label className={styles.field}>
        <span>{t('breakdown.topic')}</span>
        <select value={topic.category} onChange={(event) => setChosen(event.target.value)}>
          {topics.map((entry) => (
            <option key={entry.category} value={entry.category}>
              {name(entry.category)}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.breakdown}>
        <SmallTable
          caption={t('breakdown.regions')}
          firstColumn={t('columns.region')}
          rows={regions.map((row) => ({
            ...row,
            key: row.region,
            name: t(`regions.${row.region}`, { ns: 'translation' }),
          }))}
        />
        <SmallTable
          caption={t('breakdown.teams')}
          firstColumn={t('columns.team')}
          rows={topic.byTeam.map((row) => ({
            ...row,
            key: String(row.teamId),
            name: (
              <>
                <Flag code={row.flag} />
                <span>{countryName(row.flag, row.name, i18n.language)}</span>
              </>
            ),
          }))}
        />
      </div>
    </section>
  );
}

function SmallTable({
  caption,
  firstColumn,
  rows,
}: {
  caption: string;
  firstColumn: string;
  rows: {
    key: string;
    name: React.ReactNode;
    correctShare: number | null;
    averageSeconds: number | null;
  }[];
}) {
  const { t, i18n } = useTranslation('organise-gaps');
  return (
    <table className={`${styles.table} ${styles.small}`}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{firstColumn}</th>
          <th scope="col" className={styles.number}>
            {t('columns.correct')}
          </th>
          <th scope="col" className={styles.number}>
            {t('columns.time')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className={styles.nameCell}>
              {row.name}
            </th>
            <td className={styles.number}>{percentText(row.correctShare, i18n.language)}</td>
            <td className={styles.number}>{timeText(row.averageSeconds)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
