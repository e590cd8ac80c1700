import { useTranslation } from '../../adapters/i18n';
import { Link } from '../../adapters/router';
import type { Me } from '#shared/contracts/me';
import { Countdown } from '../../components/countdown';
import { formatDate } from '../../lib/format';
import { RegistrationForm } from './registration-form';
import styles from './registration.module.css';

type Season = NonNullable<Me['season']>;

/**
 * Before launch, and for signed-in players without a team: the registration form, or once
 * registered the confirmation; with the countdown to launch while it is ahead.
 */
export function RegistrationPage({
  me,
  season,
  launched,
  onLaunch,
}: {
  me: Me;
  season: Season;
  launched: boolean;
  onLaunch: () => void;
}) {
  const { t, i18n } = useTranslation();
  const launchDate = me.eventStartsAt
    ? formatDate(me.eventStartsAt, i18n.language, me.timeZone)
    : '';
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <h1 id="page-title" className={styles.title}>
        {t('registration.title', { season: season.name })}
      </h1>
      {!launched && me.eventStartsAt && (
        <Countdown
          target={me.eventStartsAt}
          serverNow={me.serverNow}
          label={t('registration.countdown')}
          onZero={onLaunch}
        />
      )}
      {me.registered ? (
        <div className={styles.success} role="status">
          <h2>{t('registration.doneTitle', { name: me.givenName ?? '' })}</h2>
          <p>{t('registration.done', { date: launchDate })}</p>
          <p>
            {t('registration.updateLater')}{' '}
            <Link to="/account">{t('registration.accountLink')}</Link>
          </p>
        </div>
      ) : (
        <>
          <p className={styles.lead}>{t('registration.lead', { name: me.givenName ?? '' })}</p>
          <RegistrationForm me={me} season={season} />
        </>
      )}
    </section>
  );
}
