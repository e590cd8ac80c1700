import { z } from 'zod';
import { EVENT_KEYS, setNumber, WEEK_COUNT } from '../../../shared/domain/calendar';
import { LANGUAGES } from '../../../shared/domain/language';
import { QUESTION_CATEGORIES, REGIONS } from '../../../shared/contracts/season';
import { isTimeZone } from '../../../shared/domain/time-zone';

/** The versioned content files under content/ (seasons, teams, questions), validated whole. */

const isoDate = z.iso.date({ error: 'must be a date YYYY-MM-DD' });
const timeZone = z
  .string()
  .refine(isTimeZone, { error: 'must be an IANA time zone such as Europe/Madrid' });
const optionKey = z.string().regex(/^[a-e]$/, { error: 'option keys are a to e' });

export const teamsFileSchema = z.object({
  teams: z
    .array(
      z.object({
        code: z
          .string()
          .regex(/^[a-z0-9-]{2,20}$/, { error: 'lower-case letters, digits and dashes' }),
        name: z.string().trim().min(1).max(80),
        flag: z
          .string()
          .regex(/^[a-z]{2}(-[a-z]+)?$/, { error: 'an ISO 3166-1 alpha-2 code in lower case' }),
        region: z.enum(REGIONS),
        timeZone,
        salesTeams: z.array(z.string().trim().min(1).max(80)).max(4),
      }),
    )
    .min(1)
    .superRefine((teams, ctx) => {
      const seen = new Set<string>();
      teams.forEach((team, index) => {
        if (seen.has(team.code))
          ctx.addIssue({
            code: 'custom',
            path: [index, 'code'],
            message: `duplicate team code '${team.code}'`,
          });
        seen.add(team.code);
        if (new Set(team.salesTeams).size !== team.salesTeams.length) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'salesTeams'],
            message: 'duplicate sales team',
          });
        }
      });
    }),
});

const translation = z.object({
  text: z.string().trim().min(1).max(400),
  options: z.record(optionKey, z.string().trim().min(1).max(200)),
});

const questionSchema = z
  .object({
    slot: z.union([z.number().int().min(1).max(5), z.literal('challenger')]),
    category: z.enum(QUESTION_CATEGORIES),
    correct: optionKey,
    source: z.string().trim().max(300).default(''),
    translations: z.partialRecord(z.enum(LANGUAGES), translation),
  })
  .superRefine((question, ctx) => {
    const english = question.translations.en;
    if (!english) {
      ctx.addIssue({
        code: 'custom',
        path: ['translations', 'en'],
        message: 'English is required (it is the fallback)',
      });
      return;
    }
    const keys = Object.keys(english.options).sort();
    const expected = 'abcde'.slice(0, keys.length).split('');
    if (keys.length < 2 || keys.join() !== expected.join()) {
      ctx.addIssue({
        code: 'custom',
        path: ['translations', 'en', 'options'],
        message: 'needs 2 to 5 options keyed a, b, c…',
      });
    }
    if (!keys.includes(question.correct)) {
      ctx.addIssue({
        code: 'custom',
        path: ['correct'],
        message: `'${question.correct}' is not one of the options`,
      });
    }
    for (const [language, text] of Object.entries(question.translations)) {
      if (text && Object.keys(text.options).sort().join() !== keys.join()) {
        ctx.addIssue({
          code: 'custom',
          path: ['translations', language, 'options'],
          message: 'must have the same option keys as English',
        });
      }
    }
  });

export const questionsFileSchema = z.object({
  weeks: z
    .array(
      z
        .object({
          setNum: z.number().int().min(1).max(WEEK_COUNT),
          questions: z.array(questionSchema),
        })
        .superRefine((week, ctx) => {
          const slots = week.questions.map((question) => String(question.slot)).sort();
          if (slots.join() !== ['1', '2', '3', '4', '5', 'challenger'].join()) {
            ctx.addIssue({
              code: 'custom',
              path: ['questions'],
              message: 'needs exactly slots 1 to 5 and one challenger',
            });
          }
        }),
    )
    // Two entries for one week would collide in the database instead of being refused here.
    .superRefine((weeks, ctx) => {
      weeks.forEach((week, index) => {
        if (weeks.findIndex((other) => other.setNum === week.setNum) < index) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'setNum'],
            message: `week ${week.setNum} is listed twice`,
          });
        }
      });
    }),
});

export const seasonFileSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: 'lower-case letters, digits and dashes' }),
    name: z.string().trim().min(1).max(80),
    productName: z.string().trim().min(1).max(60),
    timeZone,
    registrationClosesAt: z.iso.datetime({
      offset: true,
      error: 'must be an ISO date-time with offset',
    }),
    /** Demo seasons: move all dates by whole weeks so that today falls in week 1. */
    shiftToCurrentWeek: z.boolean().default(false),
    teams: z.string().min(1),
    questions: z.string().min(1),
    events: z
      .array(
        z.object({
          id: z.number().int().min(1).max(3),
          key: z.enum(EVENT_KEYS),
          track: z.number().int().min(1).max(3),
        }),
      )
      .length(3),
    weeks: z
      .array(
        z.object({
          setNum: z.number().int().min(1).max(WEEK_COUNT),
          eventId: z.number().int().min(1).max(3),
          eventWeek: z.number().int().min(1).max(2),
          opensOn: isoDate,
          closesOn: isoDate,
        }),
      )
      .length(WEEK_COUNT),
  })
  .superRefine((season, ctx) => {
    season.events.forEach((event, index) => {
      if (event.id !== index + 1)
        ctx.addIssue({
          code: 'custom',
          path: ['events', index, 'id'],
          message: 'events are numbered 1, 2, 3 in order',
        });
    });
    season.weeks.forEach((week, index) => {
      const path = ['weeks', index];
      if (week.setNum !== index + 1)
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'setNum'],
          message: 'weeks are numbered 1 to 6 in order',
        });
      if (setNumber(week.eventId, week.eventWeek) !== week.setNum) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'eventId'],
          message: 'each event has two consecutive weeks (1–2, 3–4, 5–6)',
        });
      }
      if (week.closesOn < week.opensOn)
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'closesOn'],
          message: 'closes before it opens',
        });
      const previous = season.weeks[index - 1];
      if (previous && week.opensOn <= previous.closesOn) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'opensOn'],
          message: `overlaps week ${previous.setNum} or comes before it`,
        });
      }
    });
  });

export type SeasonFile = z.infer<typeof seasonFileSchema>;
export type TeamsFile = z.infer<typeof teamsFileSchema>;
export type QuestionsFile = z.infer<typeof questionsFileSchema>;
