import styles from './players.module.css';

/** What a form's last change said: a success in the status region, a failure in the alert. */
export interface FormMessageText {
  text: string;
  error: boolean;
}

/**
 * The two live regions of a form on the player page, always rendered (so that a screen reader
 * hears what is put in them), with the message in the one that fits.
 */
export function FormMessage({ message }: { message: FormMessageText | null }) {
  return (
    <>
      <p role="status" className={styles.success}>
        {message && !message.error ? message.text : null}
      </p>
      <p role="alert" className={styles.error}>
        {message?.error ? message.text : null}
      </p>
    </>
  );
}
