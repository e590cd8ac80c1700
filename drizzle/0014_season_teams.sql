ALTER TABLE "active_weeks" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "active_weeks" ADD COLUMN "sales_team_id" integer;--> statement-breakpoint
ALTER TABLE "active_weeks" ADD CONSTRAINT "active_weeks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_weeks" ADD CONSTRAINT "active_weeks_sales_team_id_sales_teams_id_fk" FOREIGN KEY ("sales_team_id") REFERENCES "public"."sales_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The team and sales team per season (ADR 0039). The current season: the players' own choice,
-- which is this season's. Seasons archived before this migration: the team the player's total
-- counted for (else their latest team), and their latest sales team when it belongs to that
-- team: the best that is known of them.
UPDATE "active_weeks" aw SET "team_id" = coalesce(
    (SELECT pt."team_id" FROM "player_totals" pt
      WHERE pt."player_id" = aw."player_id" AND pt."season_id" = aw."season_id"),
    p."team_id")
  FROM "players" p, "seasons" s
  WHERE p."id" = aw."player_id" AND s."id" = aw."season_id" AND s."status" <> 'draft';--> statement-breakpoint
UPDATE "active_weeks" aw SET "sales_team_id" = p."sales_team_id"
  FROM "players" p JOIN "sales_teams" st ON st."id" = p."sales_team_id"
  WHERE p."id" = aw."player_id" AND st."team_id" = aw."team_id";
