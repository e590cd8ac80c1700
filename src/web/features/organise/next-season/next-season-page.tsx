import { useState, type ComponentProps, type FormEvent } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import { Link } from '../../../adapters/router';
import type { OrganiserSeasons } from '#shared/contracts/past-seasons';
import { LoadFailed } from '../../../components/load-failed';
import { useChangeSeasons, useOrganiserSeasons } from '../api/next-season';
import { formatInstant, formatLocalDate } from '../dates';
import styles from '../organise-screen.module.css';
import { Refusal } from '../refusal';
import { Loading } from '../screen-states';
import { TextField } from '../text-field';
import page from './next-season.module.css';

type Draft = NonNullable<OrganiserSeasons['draft']>;

/**
 * /organise/next-season (ADR 0039): every season with its status, then either the form that
 * starts a draft of the next season, or the draft itself: its weeks with their questions taken
 * from the bank, what the content rules still refuse in it, and its launch.
 */
export function NextSeasonPage() {
  const { t, ready } = useTranslation('organise-season');
  const seasons = useOrganiserSeasons();
  // Said here, not in the draft's card: a launch or a discard removes the card.
  const [notice, setNotice] = useState<string | null>(null);
  if (!ready) return <Loading />;
  return (
    <div className="screen">
      <h1 className="screen-title">{t('next.title')}</h1>
      <p className="screen-lead">{t('next.lead')}</p>
      <p role="status" className={styles.saved}>
        {notice}
      </p>
      {seasons.data ? (
        <>
          <SeasonList seasons={seasons.data.seasons} />
          {seasons.data.draft ? (
            <DraftCard draft={seasons.data.draft} bank={seasons.data.bank} onDone={setNotice} />
          ) : (
            <NewDraftForm />
          )}
        </>
      ) : seasons.isError ? (
        <LoadFailed error={seasons.error} onRetry={() => void seasons.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  );
}

function SeasonList({ seasons }: { seasons: OrganiserSeasons['seasons'] }) {
  const { t, i18n } = useTranslation('organise-season');
  return (
    <section className={`card ${page.card}`} aria-labelledby="seasons-title">
      <h2 id="seasons-title" className={page.heading}>
        {t('next.seasons')}
      </h2>
      <ul className={page.seasons}>
        {seasons.map((season) => (
          <li key={season.id} className={page.season}>
            <span className={page.seasonName}>{season.name}</span>
            <span className={`${styles.badge} ${page[season.status]}`}>
              {t(`next.status.${season.status}`)}
            </span>
            {season.archivedAt && (
              <span className={styles.hint}>
                {t('next.archivedOn', {
                  date: formatInstant(season.archivedAt, i18n.language, 'UTC'),
                })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

type DraftFieldName = 'id' | 'name' | 'launchOn';

/** One of the new draft's fields: its value, and its problem once the form has been checked. */
function DraftField({
  name,
  values,
  onChange,
  problems,
  checked,
  ...rest
}: {
  name: DraftFieldName;
  values: Record<DraftFieldName, string>;
  onChange: (name: DraftFieldName, value: string) => void;
  problems: Record<DraftFieldName, string | undefined>;
  checked: boolean;
} & Omit<ComponentProps<typeof TextField>, 'field' | 'value' | 'onChange' | 'problem'>) {
  return (
    <TextField
      field={`draft.${name}`}
      value={values[name]}
      onChange={(value) => onChange(name, value)}
      problem={checked ? problems[name] : undefined}
      {...rest}
    />
  );
}

function NewDraftForm() {
  const { t } = useTranslation('organise-season');
  const change = useChangeSeasons();
  const [values, setValues] = useState({ id: '', name: '', launchOn: '' });
  const setValue = (name: DraftFieldName, value: string) =>
    setValues((previous) => ({ ...previous, [name]: value }));
  const { id, name, launchOn } = values;
  const [from, setFrom] = useState<'current' | 'empty'>('current');
  const [checked, setChecked] = useState(false);
  const problems = {
    id: /^[a-z0-9-]{1,40}$/.test(id) ? undefined : t('next.problems.id'),
    name: name.trim() ? undefined : t('problems.required'),
    launchOn: launchOn ? undefined : t('problems.date'),
  };
  const field = { values, onChange: setValue, problems, checked };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const first = Object.entries(problems).find(([, problem]) => problem)?.[0];
    if (first) {
      document.getElementById(`field-draft-${first}`)?.focus();
      return;
    }
    change.mutate({ kind: 'create', input: { id, name: name.trim(), launchOn, from } });
  };
  return (
    <form
      className={`card ${page.card}`}
      onSubmit={submit}
      noValidate
      aria-labelledby="draft-new-title"
    >
      <h2 id="draft-new-title" className={page.heading}>
        {t('next.newTitle')}
      </h2>
      <p className={styles.hint}>{t('next.newLead')}</p>
      <div className={page.fields}>
        <DraftField
          name="id"
          label={t('next.id')}
          hint={t('next.idHint')}
          maxLength={40}
          {...field}
        />
        <DraftField name="name" label={t('season.name')} maxLength={80} {...field} />
        <DraftField
          name="launchOn"
          type="date"
          label={t('next.launchOn')}
          hint={t('next.launchOnHint')}
          {...field}
        />
      </div>
      <fieldset className={page.choice}>
        <legend className={styles.label}>{t('next.from')}</legend>
        {(['current', 'empty'] as const).map((option) => (
          <label key={option} className={page.radio}>
            <input
              type="radio"
              name="draft-from"
              value={option}
              checked={from === option}
              onChange={() => setFrom(option)}
            />
            <span>
              <strong>{t(`next.fromOption.${option}`)}</strong>
              <span className={styles.hint}>{t(`next.fromHint.${option}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {change.isError && <Refusal error={change.error} className={styles.refusal} />}
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={change.isPending}>
          {change.isPending ? t('actions.saving') : t('next.create')}
        </button>
      </div>
    </form>
  );
}

function DraftCard({
  draft,
  bank,
  onDone,
}: {
  draft: Draft;
  bank: OrganiserSeasons['bank'];
  onDone: (message: string | null) => void;
}) {
  const { t, i18n } = useTranslation('organise-season');
  const change = useChangeSeasons();
  const [confirming, setConfirming] = useState(false);
  const run = (next: Parameters<typeof change.mutate>[0], message: string) => {
    onDone(null);
    // The hook's own success (the cache) runs even once the card is gone; this says what happened.
    void change.mutateAsync(next).then(
      () => onDone(message),
      () => undefined,
    );
  };
  return (
    <section className={`card ${page.card}`} aria-labelledby="draft-title">
      <h2 id="draft-title" className={page.heading}>
        {t('next.draftTitle', { name: draft.name })}
      </h2>
      <p className={styles.hint}>
        {t('next.draftFacts', {
          id: draft.id,
          closes: formatInstant(draft.registrationClosesAt, i18n.language, 'UTC'),
        })}
      </p>
      <ol className={page.weeks}>
        {draft.weeks.map((week) => (
          <DraftWeek
            key={week.setNum}
            seasonId={draft.id}
            week={week}
            bank={bank}
            disabled={change.isPending}
            onChoose={(choice) =>
              run(
                { kind: 'week', seasonId: draft.id, setNum: week.setNum, choice },
                t('next.weekChosen', { week: week.setNum }),
              )
            }
          />
        ))}
      </ol>
      <h3 className={page.subheading}>{t('next.checks')}</h3>
      {draft.problems.length === 0 ? (
        <p className={styles.saved}>{t('next.checksPassed')}</p>
      ) : (
        <>
          <p className={styles.problem}>
            {t('next.checksFailed', { count: draft.problems.length })}
          </p>
          <ul className={page.problems} lang="en">
            {draft.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </>
      )}
      {change.isError && <Refusal error={change.error} className={styles.refusal} />}
      {confirming ? (
        <div className={page.confirm} role="group" aria-labelledby="launch-confirm">
          <p id="launch-confirm">{t('next.launchConfirm', { name: draft.name })}</p>
          <div className={styles.actions}>
            <button
              type="button"
              className="button"
              disabled={change.isPending}
              onClick={() => run({ kind: 'launch', seasonId: draft.id }, t('next.launched'))}
            >
              {t('next.launchYes')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setConfirming(false)}
            >
              {t('actions.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <button
            type="button"
            className="button"
            disabled={change.isPending || draft.problems.length > 0}
            onClick={() => setConfirming(true)}
          >
            {t('next.launch')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={change.isPending}
            onClick={() => run({ kind: 'discard', seasonId: draft.id }, t('next.discarded'))}
          >
            {t('next.discard')}
          </button>
        </div>
      )}
    </section>
  );
}

function DraftWeek({
  seasonId,
  week,
  bank,
  disabled,
  onChoose,
}: {
  seasonId: string;
  week: Draft['weeks'][number];
  bank: OrganiserSeasons['bank'];
  disabled: boolean;
  onChoose: (choice: { seasonId: string; setNum: number }) => void;
}) {
  const { t, i18n } = useTranslation('organise-season');
  const [choice, setChoice] = useState('');
  const id = `bank-${week.setNum}`;
  return (
    <li className={page.week}>
      <div className={page.weekHead}>
        <strong>{t('week.title', { number: week.setNum })}</strong>
        <span>
          {t('week.dates', {
            opens: formatLocalDate(week.opensOn, i18n.language),
            closes: formatLocalDate(week.closesOn, i18n.language),
          })}
        </span>
        <span className={`${styles.badge} ${week.questions === 6 ? styles.open : styles.locked}`}>
          {t('next.questions', { count: week.questions, number: week.questions })}
        </span>
        {week.toApprove > 0 && (
          <span className={`${styles.badge} ${styles.locked}`}>
            {t('next.toApprove', { count: week.toApprove })}
          </span>
        )}
      </div>
      <div className={page.bankRow}>
        <div className={styles.field}>
          <label htmlFor={id} className={styles.label}>
            {t('next.bank')}
          </label>
          <select id={id} value={choice} onChange={(event) => setChoice(event.target.value)}>
            <option value="">{t('next.bankPick')}</option>
            {bank.map((entry) => (
              <option
                key={`${entry.seasonId}:${entry.setNum}`}
                value={`${entry.seasonId}:${entry.setNum}`}
              >
                {t('next.bankWeek', { season: entry.seasonName, week: entry.setNum })}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={`button button-secondary ${styles.smallButton}`}
          disabled={disabled || choice === ''}
          onClick={() => {
            const [seasonId = '', setNum = '0'] = choice.split(/:(?=\d+$)/);
            onChoose({ seasonId, setNum: Number(setNum) });
          }}
        >
          {t('next.bankUse', { week: week.setNum })}
        </button>
      </div>
      <Link
        className={page.editLink}
        to={`/organise/questions?season=${encodeURIComponent(seasonId)}&week=${week.setNum}`}
      >
        {t('next.writeQuestions', { week: week.setNum })}
      </Link>
    </li>
  );
}
