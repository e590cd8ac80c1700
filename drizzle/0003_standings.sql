CREATE TABLE "player_totals" (
	"player_id" uuid NOT NULL,
	"season_id" text NOT NULL,
	"team_id" integer NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"total_time_ms" bigint DEFAULT 0 NOT NULL,
	"last_submission_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "player_totals_player_id_season_id_pk" PRIMARY KEY("player_id","season_id")
);
--> statement-breakpoint
CREATE TABLE "team_week_stats" (
	"season_id" text NOT NULL,
	"set_num" smallint NOT NULL,
	"team_id" integer NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"played" integer DEFAULT 0 NOT NULL,
	"score_sum" bigint DEFAULT 0 NOT NULL,
	"time_sum_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "team_week_stats_season_id_set_num_team_id_pk" PRIMARY KEY("season_id","set_num","team_id")
);
--> statement-breakpoint
ALTER TABLE "player_totals" ADD CONSTRAINT "player_totals_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_totals" ADD CONSTRAINT "player_totals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_week_stats" ADD CONSTRAINT "team_week_stats_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_totals_ranking" ON "player_totals" USING btree ("season_id","team_id","total" DESC NULLS LAST,"total_time_ms","last_submission_at");