CREATE TABLE "app_labels" (
	"app_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "app_labels_app_id_label_id_pk" PRIMARY KEY("app_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "app_params" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster" text NOT NULL,
	"partition" text NOT NULL,
	"default_cpus" integer,
	"max_cpus" integer,
	"default_memory_mb" integer,
	"max_memory_mb" integer,
	"default_time_minutes" integer,
	"max_time_minutes" integer
);
--> statement-breakpoint
CREATE TABLE "app_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"app_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"account" text NOT NULL,
	"cluster_id" integer NOT NULL,
	"partition" text NOT NULL,
	"engine" text NOT NULL,
	"state" text NOT NULL,
	"job_order" jsonb NOT NULL,
	"run_dir" text NOT NULL,
	"job_id" text,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outputs" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"version" integer NOT NULL,
	"main_file" text NOT NULL,
	"cwl_text" text NOT NULL,
	"files" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parsed" jsonb NOT NULL,
	"cwl_class" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"outputs" jsonb NOT NULL,
	"resources" jsonb NOT NULL,
	"uses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_user_id" integer,
	"visibility" text NOT NULL,
	"cwl_class" text NOT NULL,
	"latest_version" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_labels" ADD CONSTRAINT "app_labels_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_labels" ADD CONSTRAINT "app_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_runs" ADD CONSTRAINT "app_runs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_runs" ADD CONSTRAINT "app_runs_version_id_app_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."app_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_runs" ADD CONSTRAINT "app_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_labels_label_idx" ON "app_labels" USING btree ("label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_params_cluster_partition_key" ON "app_params" USING btree ("cluster","partition");--> statement-breakpoint
CREATE UNIQUE INDEX "app_runs_uuid_key" ON "app_runs" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "app_runs_user_idx" ON "app_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "app_runs_state_idx" ON "app_runs" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_app_version_key" ON "app_versions" USING btree ("app_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_name_key" ON "apps" USING btree ("name");--> statement-breakpoint
CREATE INDEX "apps_owner_idx" ON "apps" USING btree ("owner_user_id");