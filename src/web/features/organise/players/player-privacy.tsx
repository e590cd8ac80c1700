import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import { formatMoment } from '../../../lib/moment';
import { useErrorText } from '../../../lib/use-error-message';
import { usePlayerPrivacy, usePrivacyAction } from './api/player-privacy';
import own from './player-privacy.module.css';
import styles from './players.module.css';

/**
 * The player's personal data on the organiser's player screen (docs/privacy.md): whether they
 * are active, deactivated (a leaver: sign-in refused) or erased, the switch between active and
 * deactivated, and erasure on the person's request, behind a confirmation that says
 * what goes and what stays. Apart from the rest of the screen: its own texts
 * (organise-privacy) and its own calls.
 */
export function PlayerPrivacy({ playerId, name }: { playerId: string; name: string }) {
  const { t, i18n, ready } = useTranslation('organise-privacy');
  const status = usePlayerPrivacy(playerId);
  const action = usePrivacyAction(playerId);
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // Focus moves once the render has put its target on the screen: to the confirmation when it
  // opens, back to the button that opened it when it is cancelled.
  const returnFocus = useRef(false);
  useEffect(() => {
    if (confirming) {
      confirmHeading.current?.focus();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      opener.current?.focus();
    }
  }, [confirming]);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  if (!ready || !status.data) return null;
  const { erasedAt, deactivatedAt, lastSignInAt } = status.data;
  const moment = (iso: string) => formatMoment(iso, i18n.language, timeZone);

  return (
    <section className={styles.panel} aria-labelledby="privacy-title">
      <h2 id="privacy-title" className={styles.heading}>
        {t('title')}
      </h2>
      {erasedAt ? (
        <p role="status" className={styles.success}>
          {t('erased', { moment: moment(erasedAt) })}
        </p>
      ) : (
        <>
          <p className={styles.muted}>{t('lastSignIn', { moment: moment(lastSignInAt) })}</p>
          <p role="status" className={deactivatedAt ? styles.error : styles.muted}>
            {deactivatedAt ? t('deactivated', { moment: moment(deactivatedAt) }) : t('active')}
          </p>
          <div className={styles.formButtons}>
            <button
              type="button"
              className="button button-secondary"
              disabled={action.isPending}
              onClick={() => {
                setError(null);
                action.mutate(deactivatedAt ? 'reactivate' : 'deactivate', {
                  onError: (failure) => setError(errorText(failure)),
                });
              }}
            >
              {deactivatedAt ? t('reactivate') : t('deactivate')}
            </button>
          </div>
          <p className={styles.muted}>{t('deactivateHelp')}</p>
          {!confirming ? (
            <div className={styles.formButtons}>
              <button
                ref={opener}
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setError(null);
                  setConfirming(true);
                }}
              >
                {t('erase.open')}
              </button>
            </div>
          ) : (
            <div className={own.confirm}>
              <h3 ref={confirmHeading} tabIndex={-1} className={own.confirmTitle}>
                {t('erase.confirmTitle', { name })}
              </h3>
              <p>{t('erase.goes')}</p>
              <p>{t('erase.stays')}</p>
              <div className={styles.formButtons}>
                <button
                  type="button"
                  className={`button ${own.dangerButton}`}
                  disabled={action.isPending}
                  onClick={() =>
                    action.mutate('erase', {
                      onSuccess: () => setConfirming(false),
                      onError: (failure) => setError(errorText(failure)),
                    })
                  }
                >
                  {action.isPending ? t('erase.erasing') : t('erase.confirm')}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={action.isPending}
                  onClick={() => {
                    returnFocus.current = true;
                    setConfirming(false);
                  }}
                >
                  {t('erase.cancel')}
                </button>
              </div>
            </div>
          )}
        </>
      )}
      <p role="alert" className={styles.error}>
        {error}
      </p>
    </section>
  );
}
