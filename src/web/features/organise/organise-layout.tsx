import { useTranslation } from '../../adapters/i18n';
import { NavLink, Outlet } from '../../adapters/router';
import { usePlayer } from '../../lib/use-player';
import styles from './organise.module.css';
import { Loading } from './screen-states';

const SECTIONS = [
  ['', 'dashboard'],
  ['season', 'season'],
  ['next-season', 'nextSeason'],
  ['teams', 'teams'],
  ['questions', 'questions'],
  ['players', 'players'],
  ['exports', 'exports'],
  ['gaps', 'gaps'],
  ['outbox', 'outbox'],
  ['audit', 'audit'],
] as const;

/**
 * The organiser tools (/organise, ADR 0009): a section menu above each screen. Players who open
 * the address see why they cannot go on; the API refuses them (403) whatever the page shows.
 */
export function OrganiseLayout() {
  const { t, ready } = useTranslation('organise');
  const me = usePlayer();
  if (!ready) return <Loading />;

  if (!me.organiser) {
    return (
      <section className="card" aria-labelledby="page-title">
        <h1 id="page-title">{t('forbidden.title')}</h1>
        <p>{t('forbidden.body')}</p>
      </section>
    );
  }
  return (
    <div className={styles.frame}>
      <nav aria-label={t('nav.label')} className={styles.sections}>
        <ul>
          {SECTIONS.map(([path, key]) => (
            <li key={key}>
              <NavLink to={`/organise${path ? `/${path}` : ''}`} end={path === ''}>
                {t(`nav.${key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet context={me} />
    </div>
  );
}
