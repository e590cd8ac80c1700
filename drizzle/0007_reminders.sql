CREATE TABLE "reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"season_id" text NOT NULL,
	"set_num" smallint NOT NULL,
	"kind" text NOT NULL,
	"team_id" integer NOT NULL,
	"time_zone" text NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"lease_until" timestamp (3) with time zone,
	"tries" smallint DEFAULT 0 NOT NULL,
	"transport" text,
	"recipient" text,
	"language" text,
	"subject" text,
	"body" text,
	"sent_at" timestamp (3) with time zone,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_once" ON "reminders" USING btree ("player_id","season_id","set_num","kind");--> statement-breakpoint
CREATE INDEX "reminders_claimable" ON "reminders" USING btree ("due_at") WHERE "reminders"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "reminders_recent" ON "reminders" USING btree ("due_at" DESC NULLS LAST);