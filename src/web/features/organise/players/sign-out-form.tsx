import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import type { PlayerDetail } from '#shared/contracts/organise-players';
import { useErrorText } from '../../../lib/use-error-message';
import { useSignOutPlayer } from './api/sign-out-player';
import styles from './players.module.css';
import { FormMessage, type FormMessageText } from './form-message';

/**
 * Signs the player out everywhere: for someone who left the company or lost the organiser role,
 * without waiting for their sessions to end. Their next sign-in asks the identity provider again.
 */
export function SignOutForm({ player }: { player: PlayerDetail['player'] }) {
  const { t } = useTranslation('organise-players');
  const signOut = useSignOutPlayer(player.id);
  const errorText = useErrorText();
  const [message, setMessage] = useState<FormMessageText | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    signOut.mutate(undefined, {
      onSuccess: ({ sessions }) =>
        setMessage({
          text: t('player.signOut.done', { name: player.name, count: sessions }),
          error: false,
        }),
      onError: (failure) => setMessage({ text: errorText(failure), error: true }),
    });
  };

  return (
    <form className={styles.panel} onSubmit={submit} aria-labelledby="sign-out-title">
      <h2 id="sign-out-title" className={styles.heading}>
        {t('player.signOut.title')}
      </h2>
      <p className={styles.muted}>{t('player.signOut.help')}</p>
      <div className={styles.formButtons}>
        <button type="submit" className="button button-secondary" disabled={signOut.isPending}>
          {signOut.isPending ? t('player.signOut.saving') : t('player.signOut.submit')}
        </button>
      </div>
      <FormMessage message={message} />
    </form>
  );
}
