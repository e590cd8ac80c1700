import { languageName } from '../../../lib/format';
import { useTranslation } from '../../../adapters/i18n';
import type { OrganiserSeason, Readiness } from '#shared/contracts/organise';
import { formatInstant, formatLocalDate } from '../dates';
import styles from '../organise-screen.module.css';
import editor from './season-editor.module.css';
import type { WeekForm } from './season-form';
import { TextField } from '../text-field';

type Week = OrganiserSeason['weeks'][number];

/**
 * One game week: its status, where it stands across the team time zones, its question
 * readiness and its dates — editable until it has begun somewhere, read-only after.
 */
export function WeekCard({
  week,
  value,
  index,
  zone,
  onChange,
  problemOf,
}: {
  week: Week;
  value: WeekForm;
  index: number;
  zone: string;
  onChange: (dates: { opensOn?: string; closesOn?: string }) => void;
  problemOf: (field: string) => string | undefined;
}) {
  const { t, i18n } = useTranslation('organise-season');
  const language = i18n.language;
  const headingId = `week-${week.setNum}-title`;
  return (
    <section className={editor.week} aria-labelledby={headingId}>
      <div className={editor.weekHead}>
        <h3 id={headingId} className={editor.weekTitle}>
          {t('week.title', { number: week.setNum })}
        </h3>
        <span className={`${styles.badge} ${styles[week.status]}`}>
          {t(`status.${week.status}`)}
        </span>
        {week.locked && (
          <span className={`${styles.badge} ${styles.locked}`}>{t('week.locked')}</span>
        )}
      </div>
      {week.locked ? (
        <>
          <p className={editor.dates}>
            {t('week.dates', {
              opens: formatLocalDate(week.opensOn, language),
              closes: formatLocalDate(week.closesOn, language),
            })}
          </p>
          <p className={styles.hint}>{t('week.lockedNote')}</p>
        </>
      ) : (
        <div className={editor.dateFields}>
          <TextField
            field={`weeks.${index}.opensOn`}
            type="date"
            label={t('week.opensOn')}
            value={value.opensOn}
            onChange={(opensOn) => onChange({ opensOn })}
            problem={problemOf(`weeks.${index}.opensOn`)}
          />
          <TextField
            field={`weeks.${index}.closesOn`}
            type="date"
            label={t('week.closesOn')}
            value={value.closesOn}
            onChange={(closesOn) => onChange({ closesOn })}
            problem={problemOf(`weeks.${index}.closesOn`)}
          />
          {problemOf(`weeks.${index}.eventId`) && (
            <p className={styles.problem}>{problemOf(`weeks.${index}.eventId`)}</p>
          )}
        </div>
      )}
      <p className={styles.hint}>
        {t('week.span', {
          start: formatInstant(week.startsAt, language, zone),
          end: formatInstant(week.endsAt, language, zone),
        })}
      </p>
      <ReadinessNote readiness={week.readiness} />
    </section>
  );
}

function ReadinessNote({ readiness }: { readiness: Readiness }) {
  const { t, i18n } = useTranslation('organise-season');
  if (readiness.ready) return <p className={editor.ready}>✓ {t('readiness.ready')}</p>;
  return (
    <div className={editor.notReady}>
      <p>{t('readiness.notReady')}</p>
      <ul>
        {readiness.problems.map((problem) => {
          const slot =
            problem.slot === 'challenger'
              ? t('readiness.challenger')
              : t('readiness.question', { number: problem.slot });
          return (
            <li key={`${problem.slot}-${problem.problem}`}>
              {t(`readiness.${problem.problem}`, {
                slot,
                languages: problem.languages
                  .map((language) => languageName(language, language, i18n.language))
                  .join(', '),
              })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
