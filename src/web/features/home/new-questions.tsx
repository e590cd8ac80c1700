import { useTranslation } from '../../adapters/i18n';
import { Link } from '../../adapters/router';
import { QUESTIONS_PER_WEEK } from '#shared/domain/scoring';
import styles from './new-questions.module.css';

/**
 * The spec's older static track screen, kept as a banner on home while this week's questions
 * are unplayed: 'You have 5 new questions to answer', and 'take me there!' to /questions.
 */
export function NewQuestions() {
  const { t } = useTranslation();
  return (
    <section className={styles.banner} aria-labelledby="new-questions-text">
      <p id="new-questions-text" className={styles.text}>
        {t('home.newQuestions', { count: QUESTIONS_PER_WEEK })}
      </p>
      <Link className="button" to="/questions">
        {t('home.takeMeThere')}
      </Link>
    </section>
  );
}
