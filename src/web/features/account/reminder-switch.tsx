import { useState } from 'react';
import { useTranslation } from '../../adapters/i18n';
import { useSaveReminders } from '../../api/me';
import { usePlayer } from '../../lib/use-player';
import { useErrorText, useTransientMessage } from '../../lib/use-error-message';
import styles from './account.module.css';

/**
 * The reminder e-mails switch (ADR 0020), saved on its own as soon as it changes. It sends the
 * wanted value, not a toggle, and is disabled while saving, so a double click changes nothing.
 * The wanted value is shown from the click on (React state, set in the same event): the
 * mutation's own pending state arrives a task later, and until then the controlled box would
 * spring back. A refusal shows the stored value again.
 */
export function ReminderSwitch() {
  const { t } = useTranslation();
  const me = usePlayer();
  const errorText = useErrorText();
  const [error, setError] = useTransientMessage();
  const [saved, setSaved] = useTransientMessage();
  const [wanted, setWanted] = useState<boolean | null>(null);
  const save = useSaveReminders();
  const saving = wanted !== null;

  return (
    <section className={styles.section} aria-labelledby="reminders-title">
      <h2 id="reminders-title" className={styles.heading}>
        {t('reminders.title')}
      </h2>
      <label className={styles.switch}>
        <input
          type="checkbox"
          checked={wanted ?? me.remindersEnabled}
          disabled={saving}
          aria-describedby="reminders-help"
          onChange={(event) => {
            setWanted(event.target.checked);
            save.mutate(
              { enabled: event.target.checked },
              {
                onSuccess: ({ enabled }) =>
                  setSaved(enabled ? 'reminders.savedOn' : 'reminders.savedOff'),
                onError: (failure) => setError(errorText(failure)),
                onSettled: () => setWanted(null),
              },
            );
          }}
        />
        <span>{t('reminders.label')}</span>
      </label>
      <p id="reminders-help" className={styles.note}>
        {t('reminders.help', { email: me.email ?? '' })}
      </p>
      <p role="status" className={styles.saved}>
        {saved && t(saved)}
      </p>
      <p role="alert" className={styles.error}>
        {error}
      </p>
    </section>
  );
}
