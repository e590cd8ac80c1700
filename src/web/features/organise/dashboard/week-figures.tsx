import { useTranslation } from '../../../adapters/i18n';
import type { Dashboard } from '#shared/contracts/organise-reports';
import { Flag } from '../../../components/flag';
import { StatTiles } from '../../../components/stat-tiles';
import { countryName } from '../../../lib/format';
import styles from './dashboard.module.css';
import { percentText, scoreText, timeText } from '../figures';
import { ShareBar } from '../share-bar';
import stacked from '../stacked-table.module.css';

type Figures = Dashboard['totals'];

/** The week's totals as tiles: active, played, participation, averages, not played. */
export function WeekTotals({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useTranslation('organise-players');
  const { totals } = dashboard;
  const tiles = [
    { key: 'active', value: String(totals.activeMembers) },
    { key: 'played', value: String(totals.played) },
    { key: 'participation', value: percentText(totals.participation, i18n.language) },
    { key: 'averageScore', value: scoreText(totals.averageScore, i18n.language) },
    { key: 'averageTime', value: timeText(totals.averageSeconds) },
    { key: 'notPlayed', value: String(dashboard.notPlayed) },
  ];
  return (
    <section aria-labelledby="totals-title" className={styles.section}>
      <h2 id="totals-title" className={styles.heading}>
        {t('dashboard.totals.title', { number: dashboard.setNum })}
      </h2>
      <StatTiles
        loading={false}
        tiles={tiles.map((tile) => ({ ...tile, label: t(`dashboard.totals.${tile.key}`) }))}
      />
    </section>
  );
}

interface Row extends Figures {
  key: number;
  name: React.ReactNode;
  team?: string;
}

/** Participation per country team and per sales team, each a table with its own heading. */
export function ParticipationTables({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useTranslation('organise-players');
  const teamRows: Row[] = dashboard.teams.map((team) => ({
    ...team,
    key: team.teamId,
    name: (
      <>
        <Flag code={team.flag} />
        <span>{countryName(team.flag, team.name, i18n.language)}</span>
      </>
    ),
  }));
  const flags = new Map(dashboard.teams.map((team) => [team.teamId, team.flag]));
  const salesRows: Row[] = dashboard.salesTeams.map((salesTeam) => ({
    ...salesTeam,
    key: salesTeam.salesTeamId,
    name: salesTeam.name,
    team: countryName(flags.get(salesTeam.teamId) ?? '', salesTeam.teamName, i18n.language),
  }));
  return (
    <>
      <FiguresTable
        id="teams"
        title={t('dashboard.participation.teamsTitle')}
        firstColumn={t('common.columns.team')}
        rows={teamRows}
        empty={t('dashboard.participation.noTeams')}
      />
      <FiguresTable
        id="sales-teams"
        title={t('dashboard.participation.salesTeamsTitle')}
        firstColumn={t('common.columns.salesTeam')}
        teamColumn={t('common.columns.team')}
        rows={salesRows}
        empty={t('dashboard.participation.noSalesTeams')}
      />
    </>
  );
}

function FiguresTable({
  id,
  title,
  firstColumn,
  teamColumn,
  rows,
  empty,
}: {
  id: string;
  title: string;
  firstColumn: string;
  teamColumn?: string;
  rows: Row[];
  empty: string;
}) {
  const { t, i18n } = useTranslation('organise-players');
  return (
    // The table's scrolling region carries the name: one landmark per table, not two.
    <section className={styles.section}>
      <h2 id={`${id}-title`} className={styles.heading}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        // Focusable so that keyboard users can scroll a table wider than a phone.
        <div className={styles.scroller} role="region" aria-labelledby={`${id}-title`} tabIndex={0}>
          <table className={`${styles.table} ${stacked.table}`}>
            <thead>
              <tr>
                <th scope="col">{firstColumn}</th>
                {teamColumn && <th scope="col">{teamColumn}</th>}
                <th scope="col" className={styles.number}>
                  {t('dashboard.participation.played')}
                </th>
                <th scope="col">{t('dashboard.participation.participation')}</th>
                <th scope="col" className={styles.number}>
                  {t('dashboard.participation.averageScore')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('dashboard.participation.averageTime')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className={styles.nameCell}>
                    {row.name}
                  </th>
                  {teamColumn && <td data-label={teamColumn}>{row.team}</td>}
                  <td className={styles.number} data-label={t('dashboard.participation.played')}>
                    {t('dashboard.participation.playedOf', {
                      played: row.played,
                      active: row.activeMembers,
                    })}
                  </td>
                  <td data-label={t('dashboard.participation.participation')}>
                    <ShareBar
                      percent={row.participation}
                      text={percentText(row.participation, i18n.language)}
                    />
                  </td>
                  <td
                    className={styles.number}
                    data-label={t('dashboard.participation.averageScore')}
                  >
                    {scoreText(row.averageScore, i18n.language)}
                  </td>
                  <td
                    className={styles.number}
                    data-label={t('dashboard.participation.averageTime')}
                  >
                    {timeText(row.averageSeconds)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
