import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import { useSearchParams } from '../../../adapters/router';
import { WEEK_COUNT } from '#shared/domain/calendar';
import type { QuestionSlot } from '#shared/domain/question-review';
import { LoadFailed } from '../../../components/load-failed';
import { useOrganiserSeason } from '../api/season';
import { useWeekQuestions } from './api/get-week-questions';
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
 * move the week's questions in and out as files. The week and slot live in the address.
 */
export function QuestionsPage() {
  const { t, ready } = useTranslation('organise-questions');
  const [params] = useSearchParams();
  const season = useOrganiserSeason();
  const firstNotClosed = season.data?.weeks.find((week) => week.status !== 'closed')?.setNum;
  const setNum = parseWeek(params.get('week')) ?? firstNotClosed ?? 1;
  const slot = parseSlot(params.get('slot'));
  const week = useWeekQuestions(setNum);
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
      <WeekPicker setNum={setNum} weeks={season.data?.weeks ?? null} />
      {week.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : week.isError ? (
        <LoadFailed error={week.error} onRetry={() => void week.refetch()} />
      ) : slot !== null ? (
        <QuestionEditor key={`${setNum}-${slot}`} week={week.data} slot={slot} />
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
          <SlotList week={week.data} />
          <TransferPanel week={week.data} />
          <TranslationsPanel week={week.data} />
        </>
      )}
    </div>
  );
}
