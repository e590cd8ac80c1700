import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import {
  questionsFileSchema,
  seasonFileSchema,
  teamsFileSchema,
  type QuestionsFile,
  type SeasonFile,
  type TeamsFile,
} from './content-schema';

export interface ContentBundle {
  season: SeasonFile;
  teams: TeamsFile['teams'];
  questions: QuestionsFile['weeks'];
}

/** A content file refused whole, with the file, the path inside it and the reason. */
export class ContentError extends Error {
  override name = 'ContentError';
  constructor(
    message: string,
    /** A file that does not exist, rather than one whose content was refused. */
    readonly missingFile = false,
  ) {
    super(message);
  }
}

async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ContentError(
      `${file}: ${missing ? 'file not found' : (error as Error).message}`,
      missing,
    );
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ContentError(describeIssues(file, parsed.error).join('\n'));
  return parsed.data;
}

/** A refusal's issues, one line each: `file: path.inside[0]: reason` (at most 20). */
function describeIssues(file: string, error: z.ZodError): string[] {
  return error.issues.slice(0, 20).map((issue) => {
    const at = issue.path
      .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
      .join('')
      .replace(/^\./, '');
    return `${file}: ${at || '(root)'}: ${issue.message}`;
  });
}

/** The season's weeks that the questions file gives no questions for, as a refusal line. */
function missingWeeksProblem(
  file: string,
  season: SeasonFile,
  weeks: QuestionsFile['weeks'],
): string | null {
  const missing = season.weeks.filter(
    (week) => !weeks.some((entry) => entry.setNum === week.setNum),
  );
  if (missing.length === 0) return null;
  return `${file}: weeks: no questions for week ${missing.map((week) => week.setNum).join(', ')}`;
}

/**
 * A season and its questions checked by the very rules of the content files, without files:
 * for a draft season kept in the database (ADR 0039). Returns every refusal line, or none.
 */
export function contentProblems(
  names: { season: string; questions: string },
  season: unknown,
  questions: unknown,
): string[] {
  const parsedSeason = seasonFileSchema.safeParse(season);
  const parsedQuestions = questionsFileSchema.safeParse(questions);
  const problems = [
    ...(parsedSeason.success ? [] : describeIssues(names.season, parsedSeason.error)),
    ...(parsedQuestions.success ? [] : describeIssues(names.questions, parsedQuestions.error)),
  ];
  if (parsedSeason.success && parsedQuestions.success) {
    const missing = missingWeeksProblem(
      names.questions,
      parsedSeason.data,
      parsedQuestions.data.weeks,
    );
    if (missing) problems.push(missing);
  }
  return problems;
}

/** Reads a season file and the teams and questions files it names, and checks them together. */
export async function readSeasonBundle(seasonFile: string): Promise<ContentBundle> {
  const season = await readJson(seasonFile, seasonFileSchema);
  const folder = path.dirname(seasonFile);
  const teamsFile = path.resolve(folder, season.teams);
  const questionsFile = path.resolve(folder, season.questions);
  const { teams } = await readJson(teamsFile, teamsFileSchema);
  const { weeks } = await readJson(questionsFile, questionsFileSchema);
  const missing = missingWeeksProblem(questionsFile, season, weeks);
  if (missing) throw new ContentError(missing);
  return { season, teams, questions: weeks };
}
