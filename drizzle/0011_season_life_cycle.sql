ALTER TABLE "active_weeks" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "status" text DEFAULT 'current' NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "frozen_results" jsonb;--> statement-breakpoint
-- Seasons retired before the life cycle existed are archived (without frozen results).
UPDATE "seasons" SET "status" = 'archived', "archived_at" = "updated_at" WHERE NOT "current";--> statement-breakpoint
-- The per-season registration marker (ADR 0039) for the players registered for the current season.
INSERT INTO "active_weeks" ("player_id", "season_id", "registered_at")
  SELECT p."id", s."id", p."registered_at" FROM "players" p CROSS JOIN "seasons" s
  WHERE s."current" AND p."registered_at" IS NOT NULL
  ON CONFLICT ("player_id", "season_id") DO UPDATE SET "registered_at" = excluded."registered_at";--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_one_draft" ON "seasons" USING btree ("status") WHERE "seasons"."status" = 'draft';--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_current_status" CHECK ("seasons"."current" = ("seasons"."status" = 'current'));