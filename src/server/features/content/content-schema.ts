import { z } from 'zod';
import {
  calendarWeekInputSchema,
  refineCalendar,
  timeZoneSchema as timeZone,
} from '#shared/contracts/calendar';
import {
  MAX_SALES_TEAMS,
  optionKeySchema as optionKey,
  teamCodeSchema,
  teamFlagSchema,
} from '#shared/contracts/organise';
import { EVENT_KEYS, WEEK_COUNT } from '#shared/domain/calendar';
import { LANGUAGES } from '#shared/domain/language';
import { questionShapeIssues } from '#shared/domain/question-review';
import { QUESTION_CATEGORIES, REGIONS } from '#shared/contracts/season';

/** The versioned content files under content/ (seasons, teams, questions), validated whole. */

export const teamsFileSchema = z.object({
  teams: z
    .array(
      z.object({
        code: teamCodeSchema,
        name: z.string().trim().min(1).max(80),
        flag: teamFlagSchema,
        region: z.enum(REGIONS),
        timeZone,
        salesTeams: z.array(z.string().trim().min(1).max(80)).max(MAX_SALES_TEAMS),
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
  /** Shown in the week's review after the close (ADR 0019); English is the fallback. */
  explanation: z.string().trim().min(1).max(1000).optional(),
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
    for (const issue of questionShapeIssues(question)) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
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
    weeks: z.array(calendarWeekInputSchema).length(WEEK_COUNT),
  })
  .superRefine(refineCalendar);

export type SeasonFile = z.infer<typeof seasonFileSchema>;
export type TeamsFile = z.infer<typeof teamsFileSchema>;
export type QuestionsFile = z.infer<typeof questionsFileSchema>;
