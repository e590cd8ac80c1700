import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import { Link, useSearchParams } from '../../../adapters/router';
import type { PlayerSummary } from '#shared/contracts/organise-players';
import { Flag } from '../../../components/flag';
import { LoadFailed } from '../../../components/load-failed';
import { pageCount, Pager } from '../../../components/pager';
import { countryName } from '../../../lib/format';
import { useTeamsAndLanguages } from '../../../api/teams-and-languages';
import { useSearchPlayers } from './api/search-players';
import {
  parsePlayerSearch,
  PLAYER_PAGE_SIZE,
  playerSearchParams,
  type PlayerSearch,
} from './player-search';
import styles from './players.module.css';
import { Loading } from '../screen-states';
import { TimeRequests } from './time-requests';
import stacked from '../stacked-table.module.css';

const DASH = '–';

/** Organisers find players by name or email, in one team or all (/organise/players). */
export function PlayersPage() {
  const { t, ready } = useTranslation('organise-players');
  const [params, setParams] = useSearchParams();
  const search = parsePlayerSearch(params);
  const go = (next: PlayerSearch) => setParams(playerSearchParams(next));
  if (!ready) return <Loading />;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('players.title')}</h1>
      <TimeRequests />
      {/* Remounted when the address changes, so the fields follow back and forward. */}
      <SearchForm key={params.toString()} search={search} onSearch={go} />
      <Results search={search} onPage={(page) => go({ ...search, page })} />
    </div>
  );
}

function SearchForm({
  search,
  onSearch,
}: {
  search: PlayerSearch;
  onSearch: (search: PlayerSearch) => void;
}) {
  const { t, i18n } = useTranslation('organise-players');
  const teams = useTeamsAndLanguages();
  const [q, setQ] = useState(search.q);
  const [teamId, setTeamId] = useState(search.teamId === null ? '' : String(search.teamId));
  const [withoutEmail, setWithoutEmail] = useState(search.withoutEmail);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({
      q: q.trim(),
      teamId: teamId === '' ? null : Number(teamId),
      withoutEmail,
      page: 1,
    });
  };
  const sorted = [...(teams.data?.teams ?? [])].map((team) => ({
    id: team.id,
    label: countryName(team.flag, team.name, i18n.language),
  }));
  sorted.sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  return (
    <form role="search" className={styles.searchForm} onSubmit={submit}>
      <label className={styles.field}>
        <span>{t('players.searchLabel')}</span>
        <input
          type="search"
          value={q}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setQ(event.target.value)}
        />
      </label>
      <label className={styles.field}>
        <span>{t('players.teamLabel')}</span>
        <select value={teamId} onChange={(event) => setTeamId(event.target.value)}>
          <option value="">{t('players.allTeams')}</option>
          {sorted.map((team) => (
            <option key={team.id} value={team.id}>
              {team.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={withoutEmail}
          onChange={(event) => setWithoutEmail(event.target.checked)}
        />
        <span>{t('players.withoutEmail')}</span>
      </label>
      <div className={styles.formButtons}>
        <button type="submit" className="button">
          {t('players.search')}
        </button>
        {(search.q || search.teamId !== null || search.withoutEmail) && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onSearch({ q: '', teamId: null, withoutEmail: false, page: 1 })}
          >
            {t('players.clear')}
          </button>
        )}
      </div>
    </form>
  );
}

function Results({ search, onPage }: { search: PlayerSearch; onPage: (page: number) => void }) {
  const { t } = useTranslation('organise-players');
  const results = useSearchPlayers(search);
  if (results.isError && !results.data) {
    return <LoadFailed error={results.error} onRetry={() => void results.refetch()} />;
  }
  const data = results.data;
  return (
    <section className={styles.section}>
      <h2 id="results-title" className={styles.heading} aria-live="polite">
        {data ? t('players.found', { total: data.total }) : t('app.loading', { ns: 'translation' })}
      </h2>
      {data && data.players.length === 0 && <p className={styles.muted}>{t('players.none')}</p>}
      {data && data.players.length > 0 && (
        <>
          <div
            className={styles.scroller}
            role="region"
            aria-labelledby="results-title"
            tabIndex={0}
          >
            <table
              className={`${styles.table} ${stacked.table}`}
              aria-busy={results.isPlaceholderData || undefined}
            >
              <thead>
                <tr>
                  <th scope="col">{t('common.columns.name')}</th>
                  <th scope="col">{t('common.columns.email')}</th>
                  <th scope="col">{t('common.columns.team')}</th>
                  <th scope="col">{t('common.columns.salesTeam')}</th>
                  <th scope="col">{t('players.registered')}</th>
                </tr>
              </thead>
              <tbody>
                {data.players.map((player) => (
                  <PlayerRow key={player.id} player={player} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={search.page}
            pageSize={PLAYER_PAGE_SIZE}
            total={data.total}
            onPage={onPage}
            labels={{
              label: t('players.pages'),
              previous: t('common.pager.previous'),
              next: t('common.pager.next'),
              status: t('common.pager.status', {
                page: search.page,
                pages: pageCount(data.total, PLAYER_PAGE_SIZE),
              }),
            }}
          />
        </>
      )}
    </section>
  );
}

function PlayerRow({ player }: { player: PlayerSummary }) {
  const { t, i18n } = useTranslation('organise-players');
  return (
    <tr>
      <th scope="row">
        <Link to={`/organise/players/${player.id}`}>{player.name}</Link>
        {player.organiser && <span className={styles.badge}>{t('players.organiser')}</span>}
      </th>
      <td className={styles.email} data-label={t('common.columns.email')}>
        {player.email ?? <span className={styles.noEmail}>{t('players.noEmail')}</span>}
      </td>
      <td className={styles.teamCell} data-label={t('common.columns.team')}>
        {player.team ? (
          <>
            <Flag code={player.team.flag} />
            <span>{countryName(player.team.flag, player.team.name, i18n.language)}</span>
          </>
        ) : (
          DASH
        )}
      </td>
      <td data-label={t('common.columns.salesTeam')}>{player.salesTeam?.name ?? DASH}</td>
      <td data-label={t('players.registered')}>
        {player.registered ? t('players.registered') : t('players.notRegistered')}
      </td>
    </tr>
  );
}
