CREATE TABLE "active_weeks" (
	"player_id" uuid NOT NULL,
	"season_id" text NOT NULL,
	"week_1" boolean DEFAULT true NOT NULL,
	"week_2" boolean DEFAULT true NOT NULL,
	"week_3" boolean DEFAULT true NOT NULL,
	"week_4" boolean DEFAULT true NOT NULL,
	"week_5" boolean DEFAULT true NOT NULL,
	"week_6" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "active_weeks_player_id_season_id_pk" PRIMARY KEY("player_id","season_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"season_id" text NOT NULL,
	"id" smallint NOT NULL,
	"key" text NOT NULL,
	"track" smallint NOT NULL,
	CONSTRAINT "events_season_id_id_pk" PRIMARY KEY("season_id","id")
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" text NOT NULL,
	"set_num" smallint NOT NULL,
	"kind" text NOT NULL,
	"position" smallint NOT NULL,
	"category" text NOT NULL,
	"correct_option" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"translations" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"product_name" text NOT NULL,
	"time_zone" text NOT NULL,
	"registration_closes_at" timestamp with time zone NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"flag" text NOT NULL,
	"region" text NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "teams_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "weeks" (
	"season_id" text NOT NULL,
	"set_num" smallint NOT NULL,
	"event_id" smallint NOT NULL,
	"event_week" smallint NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	CONSTRAINT "weeks_season_id_set_num_pk" PRIMARY KEY("season_id","set_num")
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "active_weeks" ADD CONSTRAINT "active_weeks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_weeks" ADD CONSTRAINT "active_weeks_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_season_id_set_num_weeks_season_id_set_num_fk" FOREIGN KEY ("season_id","set_num") REFERENCES "public"."weeks"("season_id","set_num") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_teams" ADD CONSTRAINT "sales_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weeks" ADD CONSTRAINT "weeks_season_id_event_id_events_season_id_id_fk" FOREIGN KEY ("season_id","event_id") REFERENCES "public"."events"("season_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "questions_slot" ON "questions" USING btree ("season_id","set_num","kind","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_teams_name" ON "sales_teams" USING btree ("team_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_one_current" ON "seasons" USING btree ("current") WHERE "seasons"."current";--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_sales_team_id_sales_teams_id_fk" FOREIGN KEY ("sales_team_id") REFERENCES "public"."sales_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "players_team" ON "players" USING btree ("team_id");