import { useState } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import { Link } from '../../../adapters/router';
import { Flag } from '../../../components/flag';
import { LoadFailed } from '../../../components/load-failed';
import { pageCount, Pager } from '../../../components/pager';
import { countryName } from '../../../lib/format';
import { notPlayedCsvUrl, NOT_PLAYED_PAGE_SIZE, useNotPlayed } from './api/get-not-played';
import styles from './dashboard.module.css';
import { DASH } from '../figures';
import { Loading } from '../screen-states';
import stacked from '../stacked-table.module.css';

/** Who has not played the week yet: how many, a paged list, and the whole list as CSV. */
export function NotPlayedSection({ setNum, count }: { setNum: number; count: number }) {
  const { t } = useTranslation('organise-players');
  return (
    <section aria-labelledby="not-played-title" className={styles.section}>
      <h2 id="not-played-title" className={styles.heading}>
        {t('dashboard.notPlayed.title')}
      </h2>
      {count === 0 ? (
        <p className={styles.empty}>{t('dashboard.notPlayed.empty')}</p>
      ) : (
        <>
          <div className={styles.actions}>
            <p className={styles.count}>{t('dashboard.notPlayed.count', { number: count })}</p>
            <a className="button button-secondary" href={notPlayedCsvUrl(setNum)} download>
              {t('dashboard.notPlayed.download')}
            </a>
          </div>
          {/* A new week starts on its first page. */}
          <NotPlayedList key={setNum} setNum={setNum} />
        </>
      )}
    </section>
  );
}

function NotPlayedList({ setNum }: { setNum: number }) {
  const { t, i18n } = useTranslation('organise-players');
  const [wanted, setPage] = useState(1);
  const [lastTotal, setLastTotal] = useState<number | null>(null);
  // Players who play meanwhile shorten the list: stay on a page that still exists.
  const page =
    lastTotal === null ? wanted : Math.min(wanted, pageCount(lastTotal, NOT_PLAYED_PAGE_SIZE));
  const list = useNotPlayed(setNum, page);
  if (list.data && list.data.total !== lastTotal) setLastTotal(list.data.total);
  if (list.isError && !list.data) {
    return <LoadFailed error={list.error} onRetry={() => void list.refetch()} />;
  }
  if (!list.data) return <Loading />;
  const { players } = list.data;
  const pages = pageCount(list.data.total, NOT_PLAYED_PAGE_SIZE);
  return (
    <>
      <div
        className={styles.scroller}
        role="region"
        aria-labelledby="not-played-caption"
        tabIndex={0}
      >
        <table
          className={`${styles.table} ${stacked.table}`}
          aria-busy={list.isPlaceholderData || undefined}
        >
          <caption id="not-played-caption" className="visually-hidden">
            {t('dashboard.notPlayed.caption', { number: setNum })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('common.columns.name')}</th>
              <th scope="col">{t('common.columns.email')}</th>
              <th scope="col">{t('common.columns.team')}</th>
              <th scope="col">{t('common.columns.salesTeam')}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((player) => (
              <tr key={player.id}>
                <th scope="row">
                  <Link to={`/organise/players/${player.id}`}>{player.name}</Link>
                </th>
                <td className={styles.email} data-label={t('common.columns.email')}>
                  {player.email ?? DASH}
                </td>
                <td className={styles.nameCell} data-label={t('common.columns.team')}>
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
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={page}
        pageSize={NOT_PLAYED_PAGE_SIZE}
        total={list.data.total}
        onPage={setPage}
        labels={{
          label: t('dashboard.notPlayed.pages'),
          previous: t('common.pager.previous'),
          next: t('common.pager.next'),
          status: t('common.pager.status', { page, pages }),
        }}
      />
    </>
  );
}
