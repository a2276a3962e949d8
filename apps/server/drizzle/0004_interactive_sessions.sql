CREATE TABLE "interactive_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"cluster_id" integer NOT NULL,
	"account" text NOT NULL,
	"app" text NOT NULL,
	"partition" text NOT NULL,
	"cpus" integer NOT NULL,
	"memory_mb" integer,
	"hours" real NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"job_id" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"folder" text NOT NULL,
	"node" text,
	"host" text,
	"port" integer,
	"secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "interactive_sessions" ADD CONSTRAINT "interactive_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactive_sessions" ADD CONSTRAINT "interactive_sessions_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interactive_sessions_user_idx" ON "interactive_sessions" USING btree ("user_id","created_at" DESC NULLS LAST);