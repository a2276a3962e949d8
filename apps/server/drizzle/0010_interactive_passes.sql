CREATE TABLE "interactive_passes" (
	"hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"session_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "interactive_passes_session_idx" ON "interactive_passes" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "interactive_passes_expiry_idx" ON "interactive_passes" USING btree ("expires_at");