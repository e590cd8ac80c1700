import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import type { OrganiserSeason } from '#shared/contracts/organise';
import { useSaveSeason } from '../api/season';
import { formatInstant } from '../dates';
import styles from '../organise-screen.module.css';
import { Refusal } from '../refusal';
import editor from './season-editor.module.css';
import { formFromSeason, formIssues, inputFromForm, type SeasonForm } from './season-form';
import { TextField, fieldId } from '../text-field';
import { WeekCard } from './week-card';

const zoneNames = () => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
};

/**
 * The season's settings and its six weeks in one form: PUT sends the whole calendar. The form
 * checks what the server checks before sending (season-form.ts); weeks begun are read-only.
 */
export function SeasonEditor({ season }: { season: OrganiserSeason }) {
  const { t, i18n } = useTranslation('organise-season');
  const save = useSaveSeason();
  const [form, setForm] = useState(() => formFromSeason(season));
  const [checked, setChecked] = useState(false);
  const [saved, setSaved] = useState(false);
  const issues = formIssues(form);
  const problemOf = (field: string) => {
    if (!checked) return undefined;
    const issue = issues.find((entry) => entry.field === field);
    if (!issue) return undefined;
    const week = /^weeks\.(\d+)\./.exec(field)?.[1];
    return t(`problems.${issue.problem}`, { week: Number(week ?? 0) });
  };
  const dirty = JSON.stringify(form) !== JSON.stringify(formFromSeason(season));
  const language = i18n.language;

  const change = (next: Partial<SeasonForm>) => {
    setForm((current) => ({ ...current, ...next }));
    setSaved(false);
  };
  const changeWeek = (index: number, dates: { opensOn?: string; closesOn?: string }) =>
    change({
      weeks: form.weeks.map((week, at) => (at === index ? { ...week, ...dates } : week)),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setChecked(true);
    const first = issues[0];
    if (first) {
      document.getElementById(fieldId(first.field))?.focus();
      return;
    }
    save.mutate(inputFromForm(form, season), {
      onSuccess: (updated) => {
        setForm(formFromSeason(updated));
        setChecked(false);
        setSaved(true);
      },
    });
  };
  const undo = () => {
    setForm(formFromSeason(season));
    setChecked(false);
    setSaved(false);
    save.reset();
  };

  return (
    <>
      <section className={`card ${editor.summary}`} aria-labelledby="season-summary">
        <h2 id="season-summary" className={editor.heading}>
          {season.name}
        </h2>
        <dl className={editor.facts}>
          <div>
            <dt>{t('season.productName')}</dt>
            <dd>{season.productName}</dd>
          </div>
          <div>
            <dt>{t('season.timeZone')}</dt>
            <dd>{season.timeZone}</dd>
          </div>
          <div>
            <dt>{t('season.registrationCloses')}</dt>
            <dd>{formatInstant(season.registrationClosesAt, language, season.timeZone)}</dd>
          </div>
          <div>
            <dt>{t('season.launch')}</dt>
            <dd>
              {season.launchAt
                ? formatInstant(season.launchAt, language, season.timeZone)
                : t('season.noLaunch')}
            </dd>
          </div>
        </dl>
        <p className={styles.hint}>{t('season.launchNote')}</p>
      </section>

      <form className={editor.form} onSubmit={submit} noValidate aria-labelledby="season-edit">
        <h2 id="season-edit" className={editor.heading}>
          {t('season.editTitle')}
        </h2>
        <fieldset className={`card ${editor.settings}`}>
          <legend className={editor.legend}>{t('season.settings')}</legend>
          <TextField
            field="name"
            label={t('season.name')}
            value={form.name}
            onChange={(name) => change({ name })}
            problem={problemOf('name')}
            maxLength={80}
          />
          <TextField
            field="productName"
            label={t('season.productName')}
            value={form.productName}
            onChange={(productName) => change({ productName })}
            problem={problemOf('productName')}
            maxLength={60}
          />
          <TextField
            field="timeZone"
            label={t('season.timeZone')}
            hint={t('season.timeZoneHint')}
            value={form.timeZone}
            onChange={(timeZone) => change({ timeZone })}
            problem={problemOf('timeZone')}
            list="season-zones"
          />
          <datalist id="season-zones">
            {zoneNames().map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <TextField
            field="registrationCloses"
            type="datetime-local"
            label={t('season.registrationCloses')}
            hint={t('season.registrationHint', { zone: form.closesZone })}
            value={form.registrationCloses}
            onChange={(registrationCloses) => change({ registrationCloses })}
            problem={problemOf('registrationCloses')}
          />
        </fieldset>

        <div className={editor.events}>
          {season.events.map((event) => (
            <fieldset key={event.id} className={`card ${editor.event}`}>
              <legend className={editor.legend}>
                {t('season.event', {
                  number: event.id,
                  name: t(`events.${event.key}`, { ns: 'translation', defaultValue: event.key }),
                })}
              </legend>
              {season.weeks.map((week, index) =>
                week.eventId === event.id ? (
                  <WeekCard
                    key={week.setNum}
                    week={week}
                    value={form.weeks[index]!}
                    index={index}
                    zone={season.timeZone}
                    onChange={(dates) => changeWeek(index, dates)}
                    problemOf={problemOf}
                  />
                ) : null,
              )}
            </fieldset>
          ))}
        </div>

        {checked && issues.length > 0 && (
          <p role="alert" className={styles.problem}>
            {t('season.fixProblems', { number: issues.length, count: issues.length })}
          </p>
        )}
        {save.isError && <Refusal error={save.error} className={styles.refusal} />}
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? t('actions.saving') : t('actions.save')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={undo}
            disabled={!dirty || save.isPending}
          >
            {t('actions.undo')}
          </button>
          {saved && (
            <p role="status" className={styles.saved}>
              {t('season.saved')}
            </p>
          )}
        </div>
      </form>
    </>
  );
}
