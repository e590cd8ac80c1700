ALTER TABLE "questions" ADD COLUMN "accepted_options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "voided_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "key_version" smallint DEFAULT 0 NOT NULL;