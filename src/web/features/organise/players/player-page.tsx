import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import { Link, useParams } from '../../../adapters/router';
import type { PlayerDetail } from '#shared/contracts/organise-players';
import { Flag } from '../../../components/flag';
import { LoadFailed } from '../../../components/load-failed';
import { countryName, formatPoints, languageName } from '../../../lib/format';
import { usePlayerDetail } from './api/get-player';
import { MoveTeamForm } from './move-team-form';
import { PlayerPrivacy } from './player-privacy';
import { PlayerWeeks } from './player-weeks';
import { SignOutForm } from './sign-out-form';
import styles from './players.module.css';
import { TimeFactorPanel } from './time-factor-panel';
import { WeekInactiveForm } from './week-inactive-form';
import { Loading } from '../screen-states';

const DASH = '–';

/**
 * One player for the organisers (/organise/players/:playerId): their details, their six weeks,
 * the holiday override for a week, a move to another team, and a sign-out everywhere.
 */
export function PlayerPage() {
  const { t, ready } = useTranslation('organise-players');
  const { playerId = '' } = useParams();
  const detail = usePlayerDetail(playerId);
  const [overriding, setOverriding] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The override form takes the focus; when it closes, the focus goes back where it came from
  // (cancel) or to the confirmation (done), not to the top of the page.
  const opener = useRef<HTMLElement | null>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  // The button that opened the form is gone with the week's override: once the confirmation is
  // rendered, it takes the focus.
  useEffect(() => {
    if (done) confirmation.current?.focus();
  }, [done]);

  const back = (
    <p>
      <Link to="/organise/players">
        <span aria-hidden="true">← </span>
        {t('player.back')}
      </Link>
    </p>
  );
  if (!ready || detail.isPending) {
    return <Loading />;
  }
  if (detail.isError) {
    return (
      <div className={styles.page}>
        {back}
        <h1 className={styles.title}>{t('player.details')}</h1>
        <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />
      </div>
    );
  }
  const data = detail.data;
  return (
    <div className={styles.page}>
      {back}
      <h1 className={styles.title}>{data.player.name}</h1>
      <PlayerFacts detail={data} />
      <p role="status" className={styles.success} ref={confirmation} tabIndex={-1}>
        {done}
      </p>
      <PlayerWeeks
        detail={data}
        onOverride={(setNum) => {
          opener.current = document.activeElement as HTMLElement | null;
          setDone(null);
          setOverriding(setNum);
        }}
      />
      {overriding !== null && (
        <WeekInactiveForm
          key={overriding}
          playerId={data.player.id}
          setNum={overriding}
          onCancel={() => {
            setOverriding(null);
            opener.current?.focus();
          }}
          onDone={() => {
            setDone(t('player.inactive.done', { number: overriding, name: data.player.name }));
            setOverriding(null);
          }}
        />
      )}
      <TimeFactorPanel detail={data} />
      <MoveTeamForm detail={data} />
      <SignOutForm player={data.player} />
      <PlayerPrivacy playerId={data.player.id} name={data.player.name} />
    </div>
  );
}

function PlayerFacts({ detail }: { detail: PlayerDetail }) {
  const { t, i18n } = useTranslation('organise-players');
  const { player } = detail;
  const language = player.language
    ? languageName(player.language, player.language, i18n.language)
    : DASH;
  const facts = [
    [
      'email',
      t('common.columns.email'),
      player.email ?? <span className={styles.noEmail}>{t('players.noEmail')}</span>,
    ],
    [
      'team',
      t('common.columns.team'),
      player.team ? (
        <span className={styles.teamCell}>
          <Flag code={player.team.flag} />
          <span>{countryName(player.team.flag, player.team.name, i18n.language)}</span>
        </span>
      ) : (
        t('player.noTeam')
      ),
    ],
    ['salesTeam', t('common.columns.salesTeam'), player.salesTeam?.name ?? DASH],
    ['language', t('common.columns.language'), language],
    ['total', t('player.total'), formatPoints(detail.totalScore, i18n.language)],
  ] as const;
  return (
    <section aria-label={t('player.details')}>
      <dl className={styles.facts}>
        {facts.map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
