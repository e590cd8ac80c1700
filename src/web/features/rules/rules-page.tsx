import type { ComponentType } from 'react';
import { Trans, useTranslation } from '../../adapters/i18n';
import { Link } from '../../adapters/router';
import { usePlayer } from '../../lib/use-player';
import { formatDate } from '../../lib/format';
import { useSite } from '../../api/site';
import {
  BoltIcon,
  CalendarIcon,
  ClockIcon,
  HolidayIcon,
  QuestionsIcon,
  StarIcon,
  TeamIcon,
  TrophyIcon,
} from './rules-icons';
import styles from './rules-page.module.css';

const FACTS: readonly (readonly [key: string, Icon: ComponentType])[] = [
  ['questions', QuestionsIcon],
  ['time', ClockIcon],
  ['deadline', CalendarIcon],
  ['points', StarIcon],
  ['team', TeamIcon],
  ['holidays', HolidayIcon],
];

const STEPS = ['profile', 'play', 'answer', 'bonus', 'team'] as const;

/**
 * The game's rules (texts in locales/rules/). The numbers its texts give (5 minutes, 1 point a
 * right answer, +5 or half the week for the challenger) are those of shared/domain's scoring.
 */
export function RulesPage() {
  const { t, ready } = useTranslation('rules');
  const { t: tMain, i18n } = useTranslation();
  const { productName } = useSite();
  const me = usePlayer();
  // The deadline comes from the season's calendar: the open week's last day, else the next's.
  const weeks = me.season?.weeks ?? [];
  const week =
    weeks.find((entry) => entry.status === 'open') ??
    weeks.find((entry) => entry.status === 'upcoming');
  const closes = week && formatDate(week.closesAt, i18n.language, me.timeZone);
  if (!ready) return <p role="status">{tMain('app.loading')}</p>;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.intro}>{t('intro', { product: productName })}</p>
      </header>

      <section className={`card ${styles.section}`} aria-labelledby="rules-facts">
        <h2 id="rules-facts" className={styles.heading}>
          {t('facts.title')}
        </h2>
        <ul className={styles.facts} role="list">
          {FACTS.map(([key, Icon]) => (
            <li key={key} className={styles.fact}>
              <span className={styles.factIcon}>
                <Icon />
              </span>
              <span>
                {t(`facts.${key}`)}
                {key === 'deadline' && closes && ` ${t('facts.deadlineWeek', { date: closes })}`}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className={`card ${styles.section}`} aria-labelledby="rules-steps">
        <h2 id="rules-steps" className={styles.heading}>
          {t('steps.title')}
        </h2>
        <ol className={styles.steps} role="list">
          {STEPS.map((step, index) => (
            <li key={step} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <div className={styles.stepBody}>
                <h3 className={styles.stepTitle}>{t(`steps.${step}.title`)}</h3>
                <p>{t(`steps.${step}.text`)}</p>
                {step === 'bonus' && <SpeedBonus />}
              </div>
            </li>
          ))}
        </ol>
      </section>

      <ChallengerBox />

      <section className={`card ${styles.section}`} aria-labelledby="rules-prizes">
        <h2 id="rules-prizes" className={`${styles.heading} ${styles.withIcon}`}>
          <TrophyIcon />
          {t('prizes.title')}
        </h2>
        <p>{t('prizes.text')}</p>
        <p className={styles.note}>{t('prizes.ties')}</p>
      </section>

      <section className={`card ${styles.section}`} aria-labelledby="rules-closing">
        <h2 id="rules-closing" className={styles.heading}>
          {t('closing.title')}
        </h2>
        <p>
          <Trans t={t} i18nKey="closing.account" components={{ a: <Link to="/account" /> }} />
        </p>
        <p>
          <Trans
            t={t}
            i18nKey="closing.leaderboard"
            components={{ a: <Link to="/leaderboard" /> }}
          />
        </p>
      </section>
    </div>
  );
}

/** The bonus formula, what it implies, and a worked example. */
function SpeedBonus() {
  const { t } = useTranslation('rules');
  return (
    <>
      <p className={styles.formula}>{t('steps.bonus.formula')}</p>
      <p>{t('steps.bonus.note')}</p>
      <p className={styles.note}>{t('steps.bonus.example')}</p>
    </>
  );
}

/** The optional Challenger Question: what it can win and what it can cost. */
function ChallengerBox() {
  const { t } = useTranslation('rules');
  return (
    <aside className={styles.challenger} aria-labelledby="rules-challenger">
      <h2 id="rules-challenger" className={`${styles.challengerTitle} ${styles.withIcon}`}>
        <BoltIcon />
        {t('challenger.title')}
      </h2>
      <p>{t('challenger.intro')}</p>
      <ul className={styles.outcomes} role="list">
        <li className={styles.win}>{t('challenger.right')}</li>
        <li className={styles.loss}>{t('challenger.wrong')}</li>
      </ul>
      <p>{t('challenger.skip')}</p>
    </aside>
  );
}
