import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/use-error-message';

/**
 * An organiser action the server refused: the code's translated message, and the server's own
 * words (English, naming the week or the name at fault) for the detail a translation cannot
 * know. Organisers need to read it, so it stays until the next attempt.
 */
export function Refusal({ error, className }: { error: unknown; className?: string }) {
  const errorText = useErrorText();
  const detail =
    error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : '';
  return (
    <p role="alert" className={className}>
      <strong>{errorText(error)}</strong>
      {detail && (
        <>
          {' '}
          <span lang="en">({detail})</span>
        </>
      )}
    </p>
  );
}
