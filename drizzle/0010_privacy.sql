ALTER TABLE "players" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "erased_at" timestamp with time zone;