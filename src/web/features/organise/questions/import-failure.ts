import type { ImportProblem } from '#shared/contracts/import-problems';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-message';

/** A refused import: the error in the organiser's language, and each problem the file has. */
export interface ImportFailure {
  text: string;
  problems: ImportProblem[];
}

/**
 * Turns an import's failure (a spreadsheet, a content file or an XLIFF file) into what the
 * panel shows: the organiser needs to know what is wrong in the file, and where, to fix it.
 */
export function useImportFailure(): (failure: unknown) => ImportFailure {
  const errorText = useErrorText();
  return (failure) => ({
    text: errorText(failure),
    problems:
      failure instanceof ApiError && failure.details && 'problems' in failure.details
        ? failure.details.problems
        : [],
  });
}
