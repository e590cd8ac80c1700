import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEASON_2025, SEASON_DEMO } from '../../../../tests/factories';
import { LANGUAGES } from '#shared/domain/language';
import { QUESTION_CATEGORIES, REGIONS } from '#shared/contracts/season';
import { ContentError, readSeasonBundle } from './read-content';

/* eslint-disable @typescript-eslint/no-explicit-any -- the broken copies are edited as raw JSON */
type Json = any;

const contentDir = path.dirname(path.dirname(SEASON_2025));
const original = {
  season: JSON.parse(readFileSync(SEASON_2025, 'utf8')) as Json,
  teams: JSON.parse(readFileSync(path.join(contentDir, 'teams.json'), 'utf8')) as Json,
  questions: JSON.parse(
    readFileSync(path.join(contentDir, 'questions/nutrition-2025.json'), 'utf8'),
  ) as Json,
};

const root = mkdtempSync(path.join(tmpdir(), 'podium-content-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let copies = 0;
/**
 * Writes a copy of the 2025 content (season, teams, questions, same layout as content/) after
 * `edit` changed it, and returns the season file's path.
 */
function writeCopy(edit: (files: { season: Json; teams: Json; questions: Json }) => void): string {
  const files = structuredClone(original);
  edit(files);
  const dir = path.join(root, `copy-${++copies}`);
  mkdirSync(path.join(dir, 'seasons'), { recursive: true });
  mkdirSync(path.join(dir, 'questions'));
  writeFileSync(path.join(dir, 'seasons/2025.json'), JSON.stringify(files.season));
  writeFileSync(path.join(dir, 'teams.json'), JSON.stringify(files.teams));
  writeFileSync(path.join(dir, 'questions/nutrition-2025.json'), JSON.stringify(files.questions));
  return path.join(dir, 'seasons/2025.json');
}

/** The ContentError a broken copy is refused with. */
async function refusal(seasonFile: string): Promise<ContentError> {
  const error = await readSeasonBundle(seasonFile).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ContentError);
  return error as ContentError;
}

describe('the shipped content files', () => {
  it.each([
    ['2025', SEASON_2025],
    ['demo', SEASON_DEMO],
  ])('the %s season passes validation with its teams and questions', async (id, file) => {
    const bundle = await readSeasonBundle(file);
    expect(bundle.season.id).toBe(id);
    expect(bundle.season.events.map((event) => event.key)).toEqual([
      'canoe',
      'cyclocross',
      'marathon',
    ]);
    expect(bundle.season.weeks.map((week) => week.setNum)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(bundle.questions).toHaveLength(6);
  });

  it('has the 2025 weeks on the dates of the championship (Tue 4 Feb – Fri 14 Mar)', async () => {
    const { season } = await readSeasonBundle(SEASON_2025);
    expect(season.weeks.map((week) => [week.opensOn, week.closesOn])).toEqual([
      ['2025-02-04', '2025-02-07'],
      ['2025-02-10', '2025-02-14'],
      ['2025-02-17', '2025-02-21'],
      ['2025-02-24', '2025-02-28'],
      ['2025-03-03', '2025-03-07'],
      ['2025-03-10', '2025-03-14'],
    ]);
    expect(season.shiftToCurrentWeek).toBe(false);
  });

  it('has at least 12 teams covering the four regions, each with a time zone and 0–4 sales teams', async () => {
    const { teams } = await readSeasonBundle(SEASON_2025);
    expect(teams.length).toBeGreaterThanOrEqual(12);
    expect(new Set(teams.map((team) => team.region))).toEqual(new Set(REGIONS));
    for (const team of teams) {
      expect(team.timeZone).toMatch(/^[A-Za-z_]+\/[A-Za-z_]+/);
      expect(team.salesTeams.length).toBeLessThanOrEqual(4);
    }
  });

  it('has 5 questions and a challenger per week, in all seven languages, on the four categories', async () => {
    const { questions } = await readSeasonBundle(SEASON_2025);
    const categories = new Set<string>();
    for (const week of questions) {
      expect(week.questions.map((question) => String(question.slot)).sort()).toEqual([
        '1',
        '2',
        '3',
        '4',
        '5',
        'challenger',
      ]);
      for (const question of week.questions) {
        categories.add(question.category);
        expect(Object.keys(question.translations).sort()).toEqual([...LANGUAGES].sort());
        expect(Object.keys(question.translations.en!.options)).toContain(question.correct);
      }
    }
    expect(categories).toEqual(new Set(QUESTION_CATEGORIES));
  });
});

describe('a broken content file is refused whole with the file, the path and the reason', () => {
  it('a week that closes before it opens', async () => {
    const file = writeCopy(({ season }) => {
      season.weeks[2].closesOn = '2025-02-16';
    });
    const { message } = await refusal(file);
    expect(message).toContain(`${file}: weeks[2].closesOn: closes before it opens`);
  });

  it('a week that overlaps the previous one', async () => {
    const file = writeCopy(({ season }) => {
      season.weeks[2].opensOn = '2025-02-14';
    });
    const { message } = await refusal(file);
    expect(message).toContain('2025.json: weeks[2].opensOn: overlaps week 2 or comes before it');
  });

  it('weeks out of order', async () => {
    const file = writeCopy(({ season }) => {
      [season.weeks[0], season.weeks[1]] = [season.weeks[1], season.weeks[0]];
    });
    const { message } = await refusal(file);
    expect(message).toContain('2025.json: weeks[0].setNum: weeks are numbered 1 to 6 in order');
  });

  it('events out of order', async () => {
    const file = writeCopy(({ season }) => {
      [season.events[0].id, season.events[1].id] = [2, 1];
    });
    const { message } = await refusal(file);
    expect(message).toContain('2025.json: events[0].id: events are numbered 1, 2, 3 in order');
    expect(message).toContain('2025.json: events[1].id: events are numbered 1, 2, 3 in order');
  });

  it('a week attached to the wrong event', async () => {
    const file = writeCopy(({ season }) => {
      season.weeks[3].eventId = 3;
    });
    const { message } = await refusal(file);
    expect(message).toContain('2025.json: weeks[3].eventId: each event has two consecutive weeks');
  });

  it('five weeks instead of six', async () => {
    const file = writeCopy(({ season }) => {
      season.weeks.pop();
    });
    const { message } = await refusal(file);
    expect(message).toMatch(/2025\.json: weeks: .*6/);
  });

  it('a date that is not YYYY-MM-DD', async () => {
    const file = writeCopy(({ season }) => {
      season.weeks[1].opensOn = '10/02/2025';
    });
    const { message } = await refusal(file);
    expect(message).toContain('2025.json: weeks[1].opensOn: must be a date YYYY-MM-DD');
  });

  it('an unknown season time zone', async () => {
    const file = writeCopy(({ season }) => {
      season.timeZone = 'Europe/Atlantis';
    });
    const { message } = await refusal(file);
    expect(message).toContain('2025.json: timeZone: must be an IANA time zone');
  });

  it('a registration deadline without a UTC offset', async () => {
    const file = writeCopy(({ season }) => {
      season.registrationClosesAt = 'end of February';
    });
    const { message } = await refusal(file);
    expect(message).toContain('2025.json: registrationClosesAt: must be an ISO date-time');
  });

  it('an unknown team time zone, in the teams file', async () => {
    const file = writeCopy(({ teams }) => {
      teams.teams[3].timeZone = 'Asia/Atlantis';
    });
    const { message } = await refusal(file);
    expect(message).toContain('teams.json: teams[3].timeZone: must be an IANA time zone');
    expect(message).not.toContain('2025.json');
  });

  it('a team with five sales teams', async () => {
    const file = writeCopy(({ teams }) => {
      teams.teams[0].salesTeams = ['A', 'B', 'C', 'D', 'E'];
    });
    const { message } = await refusal(file);
    expect(message).toMatch(/teams\.json: teams\[0\]\.salesTeams: .*4/);
  });

  it('two teams with the same code', async () => {
    const file = writeCopy(({ teams }) => {
      teams.teams[1].code = teams.teams[0].code;
    });
    const { message } = await refusal(file);
    expect(message).toContain("teams.json: teams[1].code: duplicate team code 'id'");
  });

  it('a team in an unknown region', async () => {
    const file = writeCopy(({ teams }) => {
      teams.teams[2].region = 'AFRICA';
    });
    const { message } = await refusal(file);
    expect(message).toContain('teams.json: teams[2].region:');
  });

  it('a question whose correct option does not exist', async () => {
    const file = writeCopy(({ questions }) => {
      questions.weeks[0].questions[1].correct = 'd'; // that question has options a–c
    });
    const { message } = await refusal(file);
    expect(message).toContain(
      "nutrition-2025.json: weeks[0].questions[1].correct: 'd' is not one of the options",
    );
  });

  it('a translation with other option keys than English', async () => {
    const file = writeCopy(({ questions }) => {
      delete questions.weeks[2].questions[0].translations.fr.options.d;
    });
    const { message } = await refusal(file);
    expect(message).toContain(
      'nutrition-2025.json: weeks[2].questions[0].translations.fr.options: must have the same option keys as English',
    );
  });

  it('a question without its English text', async () => {
    const file = writeCopy(({ questions }) => {
      delete questions.weeks[1].questions[4].translations.en;
    });
    const { message } = await refusal(file);
    expect(message).toContain(
      'nutrition-2025.json: weeks[1].questions[4].translations.en: English is required',
    );
  });

  it('a translation into a language the app does not offer', async () => {
    const file = writeCopy(({ questions }) => {
      const question = questions.weeks[0].questions[0];
      question.translations.de = question.translations.en;
    });
    const { message } = await refusal(file);
    expect(message).toContain('nutrition-2025.json: weeks[0].questions[0].translations');
  });

  it('a week without its challenger', async () => {
    const file = writeCopy(({ questions }) => {
      questions.weeks[3].questions = questions.weeks[3].questions.filter(
        (question: Json) => question.slot !== 'challenger',
      );
    });
    const { message } = await refusal(file);
    expect(message).toContain(
      'nutrition-2025.json: weeks[3].questions: needs exactly slots 1 to 5 and one challenger',
    );
  });

  it('a question in an unknown category', async () => {
    const file = writeCopy(({ questions }) => {
      questions.weeks[4].questions[2].category = 'sports';
    });
    const { message } = await refusal(file);
    expect(message).toContain('nutrition-2025.json: weeks[4].questions[2].category:');
  });

  it('a questions file that lacks a week of the season', async () => {
    const file = writeCopy(({ questions }) => {
      questions.weeks = questions.weeks.filter((week: Json) => week.setNum !== 6);
    });
    const { message } = await refusal(file);
    expect(message).toContain('nutrition-2025.json: weeks: no questions for week 6');
  });

  it('a questions file that lists the same week twice', async () => {
    const file = writeCopy(({ questions }) => {
      questions.weeks.push(structuredClone(questions.weeks[0]));
    });
    const { message } = await refusal(file);
    expect(message).toMatch(/nutrition-2025\.json: weeks\[6\]\.setNum: .*week 1/);
  });

  it('invalid JSON', async () => {
    const file = writeCopy(() => {});
    writeFileSync(file, '{ "id": "2025", ');
    const { message } = await refusal(file);
    expect(message.startsWith(`${file}: `)).toBe(true);
    expect(message).toMatch(/JSON/);
  });

  it('a season file naming a questions file that does not exist', async () => {
    const file = writeCopy(({ season }) => {
      season.questions = '../questions/missing.json';
    });
    const { message } = await refusal(file);
    expect(message).toBe(
      `${path.join(path.dirname(file), '../questions/missing.json')}: file not found`,
    );
  });

  it('a season file that does not exist', async () => {
    const file = path.join(root, 'nowhere/2030.json');
    const { message } = await refusal(file);
    expect(message).toBe(`${file}: file not found`);
  });

  it('lists every problem of a file, one per line', async () => {
    const file = writeCopy(({ season }) => {
      season.timeZone = 'Mars/Olympus';
      season.weeks[4].closesOn = '2025-03-01';
    });
    const lines = (await refusal(file)).message.split('\n');
    expect(lines).toEqual([
      expect.stringContaining('2025.json: timeZone:'),
      expect.stringContaining('2025.json: weeks[4].closesOn: closes before it opens'),
    ]);
  });
});
