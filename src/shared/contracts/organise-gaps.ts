import { z } from 'zod';
import { WEEK_COUNT } from '../domain/calendar';
import { GAP_FLAGS } from '../domain/knowledge-gaps';
import { slotSchema } from './organise';
import { REGIONS } from './season';

/**
 * Knowledge gaps (GET /api/organise/gaps and gaps.csv, ADR 0021): per topic and per question,
 * the share of correct outcomes (time-outs count as not correct) and the average answer time.
 * Shares in whole percent, times in whole seconds; null when nothing counts yet.
 */

export const gapsQuerySchema = z.object({
  /** One week of the current season; all weeks without it. */
  setNum: z.coerce.number().int().min(1).max(WEEK_COUNT).optional(),
  region: z.enum(REGIONS).optional(),
  teamId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type GapsQuery = z.infer<typeof gapsQuerySchema>;

const figures = {
  /** Outcomes counted: answers given plus questions whose time ran out. */
  counted: z.number(),
  correct: z.number(),
  timedOut: z.number(),
  correctShare: z.number().nullable(),
  averageSeconds: z.number().nullable(),
};
export const gapFiguresSchema = z.object(figures);
export type GapFigures = z.infer<typeof gapFiguresSchema>;

export const gapTopicSchema = z.object({
  category: z.string(),
  ...figures,
  byRegion: z.array(z.object({ region: z.enum(REGIONS), ...figures })),
  byTeam: z.array(z.object({ teamId: z.number(), name: z.string(), flag: z.string(), ...figures })),
});
export type GapTopic = z.infer<typeof gapTopicSchema>;

export const gapQuestionSchema = z.object({
  setNum: z.number(),
  slot: slotSchema,
  category: z.string(),
  /** English text, as the dashboard shows it. */
  text: z.string(),
  ...figures,
  options: z.array(
    z.object({ key: z.string(), correct: z.boolean(), chosen: z.number(), share: z.number() }),
  ),
  flags: z.array(z.enum(GAP_FLAGS)),
});
export type GapQuestion = z.infer<typeof gapQuestionSchema>;

export const gapsSchema = z.object({
  filter: z.object({
    setNum: z.number().nullable(),
    region: z.enum(REGIONS).nullable(),
    teamId: z.number().nullable(),
  }),
  /** Weakest first: lowest share of correct outcomes. Only topics with something counted. */
  topics: z.array(gapTopicSchema),
  /** Weakest first, then by week and slot. Only questions with something counted. */
  questions: z.array(gapQuestionSchema),
  /** The thresholds the flags use (ADR 0021), for the page's explanation. */
  thresholds: z.object({
    minAnswers: z.number(),
    lowCorrectPercent: z.number(),
    popularWrongPercent: z.number(),
  }),
});
export type Gaps = z.infer<typeof gapsSchema>;
