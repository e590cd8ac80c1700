import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import { Link, useSearchParams } from '../../../adapters/router';
import { WEEK_COUNT } from '#shared/domain/calendar';
import type { QuestionSlot } from '#shared/domain/question-review';
import { LoadFailed } from '../../../components/load-failed';
import { useQuery } from '@tanstack/react-query';
import { organiserSeasonsQuery } from '../api/next-season';
import { useOrganiserSeason } from '../api/season';
import { useWeekQuestions } from './api/get-week-questions';
import type { SeasonId } from './api/season';
import { useLabels } from './labels';
import { QuestionEditor } from './question-editor';
import styles from './questions.module.css';
import { ReadinessPanel } from './readiness-panel';
import { SlotList } from './slot-list';
import { TransferPanel } from './transfer-panel';
import { TranslationsPanel } from './translations-panel';
import { WeekPicker } from './week-picker';
import { Loading } from '../screen-states';

const parseWeek = (value: string | null): number | null => {
  const week = Number(value);
  return Number.isInteger(week) && week >= 1 && week <= WEEK_COUNT ? week : null;
};

const parseSlot = (value: string | null): QuestionSlot | null => {
  if (value === 'challenger') return value;
  const slot = Number(value);
  return value && Number.isInteger(slot) && slot >= 1 && slot <= 5 ? (slot as QuestionSlot) : null;
};

/**
 * The organiser's questions (ADR 0009): pick a week, see its six slots with their review and
 * translations, what still keeps it from opening, edit a question in all seven languages, and
 * move the week's questions in and out as files. The week and slot live in the address, and so
 * does `season`: the draft of the next season's id, whose weeks the same screen edits
 * (ADR 0042); without it, the current season.
 */
export function QuestionsPage() {
  const { t, ready } = useTranslation('organise-questions');
  const [params] = useSearchParams();
  const draftId: SeasonId = params.get('season') || undefined;
  const season = useOrganiserSeason();
  // A draft's name and weeks, asked for only while a draft is being edited.
  const seasons = useQuery({ ...organiserSeasonsQuery, enabled: draftId !== undefined });
  const draft =
    draftId === undefined ? null : seasons.data?.draft?.id === draftId ? seasons.data.draft : null;
  const firstNotClosed = season.data?.weeks.find((week) => week.status !== 'closed')?.setNum;
  const setNum =
    parseWeek(params.get('week')) ?? (draftId === undefined ? firstNotClosed : undefined) ?? 1;
  const slot = parseSlot(params.get('slot'));
  const week = useWeekQuestions(setNum, draftId);
  const { weekDates } = useLabels();
  const title = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);

  // Coming back from the editor, the keyboard lands on the week's title again.
  useEffect(() => {
    if (slot === null && opened.current) title.current?.focus();
    opened.current = slot !== null;
  }, [slot]);

  if (!ready) return <Loading />;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('title')}</h1>
      {draftId !== undefined && (
        <div className={styles.notice} role="note">
          {/* Named once the draft is known: an id that is no draft gets the error below. */}
          {draft && <p>{t('draft.notice', { name: draft.name })}</p>}
          <Link to="/organise/next-season">← {t('draft.back')}</Link>
        </div>
      )}
      <WeekPicker
        setNum={setNum}
        weeks={draftId === undefined ? (season.data?.weeks ?? null) : (draft?.weeks ?? null)}
        season={draftId}
      />
      {week.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : week.isError ? (
        <LoadFailed error={week.error} onRetry={() => void week.refetch()} />
      ) : slot !== null ? (
        <QuestionEditor
          key={`${draftId}-${setNum}-${slot}`}
          week={week.data}
          slot={slot}
          season={draftId}
        />
      ) : (
        <>
          <div className={styles.weekHeading}>
            <h2 ref={title} tabIndex={-1} id="week-title">
              {t('week.title', { number: setNum })}
            </h2>
            <p className={styles.muted}>{weekDates(week.data.opensOn, week.data.closesOn)}</p>
          </div>
          {week.data.locked && (
            <p className={styles.notice} role="note">
              {t('week.locked')}
            </p>
          )}
          <ReadinessPanel readiness={week.data.readiness} />
          <SlotList week={week.data} season={draftId} />
          <TransferPanel week={week.data} season={draftId} />
          <TranslationsPanel week={week.data} season={draftId} />
        </>
      )}
    </div>
  );
}
