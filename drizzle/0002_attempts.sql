CREATE TABLE "attempt_answers" (
	"attempt_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"question_id" integer NOT NULL,
	"option" text NOT NULL,
	"correct" boolean NOT NULL,
	"answered_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "attempt_answers_attempt_id_position_pk" PRIMARY KEY("attempt_id","position")
);
--> statement-breakpoint
CREATE TABLE "attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"season_id" text NOT NULL,
	"set_num" smallint NOT NULL,
	"team_id" integer NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"deadline_at" timestamp (3) with time zone NOT NULL,
	"question_ids" jsonb NOT NULL,
	"option_orders" jsonb NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"timed_out" boolean,
	"correct_count" smallint,
	"answered_count" smallint,
	"elapsed_ms" integer,
	"main_score" integer,
	"challenger_question_id" integer,
	"challenger_option_order" jsonb,
	"challenger_started_at" timestamp (3) with time zone,
	"challenger_deadline_at" timestamp (3) with time zone,
	"challenger_option" text,
	"challenger_answered_at" timestamp (3) with time zone,
	"challenger_correct" boolean,
	"week_score" integer
);
--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_per_week" ON "attempts" USING btree ("player_id","season_id","set_num");--> statement-breakpoint
CREATE INDEX "attempts_week_team" ON "attempts" USING btree ("season_id","set_num","team_id");--> statement-breakpoint
CREATE INDEX "attempts_open_deadline" ON "attempts" USING btree ("deadline_at") WHERE "attempts"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "attempts_challenger_deadline" ON "attempts" USING btree ("challenger_deadline_at") WHERE "attempts"."challenger_started_at" is not null and "attempts"."challenger_correct" is null;