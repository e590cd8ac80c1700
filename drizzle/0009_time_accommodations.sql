CREATE TABLE "time_requests" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"requested_at" timestamp (3) with time zone NOT NULL,
	"decided_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "time_percent" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "time_percent" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "time_requests" ADD CONSTRAINT "time_requests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_requests_open" ON "time_requests" USING btree ("requested_at") WHERE "time_requests"."status" = 'open';--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_time_percent_range" CHECK ("players"."time_percent" between 100 and 1000);