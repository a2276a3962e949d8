CREATE TABLE "application_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"node" integer NOT NULL,
	"user_id" integer NOT NULL,
	"decision" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_decisions_once" UNIQUE("application_id","node","user_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"applicant_id" integer NOT NULL,
	"group_id" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"payload" jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"nodes" jsonb NOT NULL,
	"current_node" integer DEFAULT 0 NOT NULL,
	"period_days" integer,
	"renews" integer,
	"expires_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "approval_chains" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"nodes" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_chains_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "approval_roots" (
	"kind" text PRIMARY KEY NOT NULL,
	"chain_id" integer
);
--> statement-breakpoint
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
CREATE TABLE "image_cli_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_cli_secrets_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "image_label_relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"label_id" integer NOT NULL,
	"registry_id" integer NOT NULL,
	"image" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_namespace_quotas" (
	"id" serial PRIMARY KEY NOT NULL,
	"registry_id" integer NOT NULL,
	"namespace" text NOT NULL,
	"quota_bytes" bigint DEFAULT 0 NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"recomputed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "image_registries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"pull_host" text NOT NULL,
	"auth" text DEFAULT 'console' NOT NULL,
	"gc_interval_hours" integer DEFAULT 0 NOT NULL,
	"gc_config_path" text DEFAULT '' NOT NULL,
	"last_gc_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_registries_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "image_repositories" (
	"id" serial PRIMARY KEY NOT NULL,
	"registry_id" integer NOT NULL,
	"name" text NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"readme" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_account_flags" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"whitelisted" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"target_id" integer NOT NULL,
	"cluster_name" text,
	"cpu_seconds_limit" bigint,
	"balance" bigint,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	"granted_by_group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_name" text NOT NULL,
	"partition" text NOT NULL,
	"qos" text,
	"group_id" integer,
	"community_id" integer,
	"core_hour_price" bigint NOT NULL,
	"gpu_hour_price" bigint DEFAULT 0 NOT NULL,
	"node_hour_price" bigint DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_prices_nonnegative" CHECK ("fee_prices"."core_hour_price" >= 0 and "fee_prices"."gpu_hour_price" >= 0 and "fee_prices"."node_hour_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_scheduler_limits" (
	"cluster_id" integer NOT NULL,
	"account" text NOT NULL,
	"blocked" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_scheduler_limits_unique" UNIQUE("cluster_id","account")
);
--> statement-breakpoint
CREATE TABLE "fee_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"minimum_charge" bigint DEFAULT 0 NOT NULL,
	"rounding_unit" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_snaps" (
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"target_id" integer NOT NULL,
	"core_seconds" bigint NOT NULL,
	"cost" bigint NOT NULL,
	"cpu_seconds_limit" bigint,
	"balance" bigint,
	CONSTRAINT "fee_snaps_unique" UNIQUE("day","scope","target_id")
);
--> statement-breakpoint
CREATE TABLE "fee_sync_state" (
	"cluster_id" integer PRIMARY KEY NOT NULL,
	"synced_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_usage" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"job_id" text NOT NULL,
	"step" text DEFAULT '' NOT NULL,
	"user_account" text NOT NULL,
	"charge_account" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"group_id" integer,
	"community_id" integer,
	"partition" text NOT NULL,
	"qos" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"cpu_seconds" double precision DEFAULT 0 NOT NULL,
	"core_seconds" bigint DEFAULT 0 NOT NULL,
	"gpu_seconds" bigint DEFAULT 0 NOT NULL,
	"node_seconds" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"price_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_usage_job_unique" UNIQUE("cluster_id","job_id","step")
);
--> statement-breakpoint
CREATE TABLE "mall_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"picture" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_points" integer NOT NULL,
	"stock" integer NOT NULL,
	"on_shelf" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mall_goods_stock_nonnegative" CHECK ("mall_goods"."stock" >= 0),
	CONSTRAINT "mall_goods_price_positive" CHECK ("mall_goods"."price_points" > 0)
);
--> statement-breakpoint
CREATE TABLE "mall_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"points" integer NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mall_orders_idempotency_unique" UNIQUE("user_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "points_balances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "points_balance_nonnegative" CHECK ("points_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_event_unique" UNIQUE("user_id","reason")
);
--> statement-breakpoint
CREATE TABLE "points_rules" (
	"event" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_books" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"access" text DEFAULT 'guide' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"chapter_id" integer,
	"slug" text,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_images" (
	"key" text PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"edited_by" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_daily" (
	"source" text NOT NULL,
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"k1" text DEFAULT '' NOT NULL,
	"k2" text DEFAULT '' NOT NULL,
	"k3" text DEFAULT '' NOT NULL,
	"k4" text DEFAULT '' NOT NULL,
	"value" double precision DEFAULT 0 NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_days" (
	"source" text NOT NULL,
	"day" date NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "udm_allowed_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "udm_datasets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paths" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shared_with_group" boolean DEFAULT false NOT NULL,
	"share_token_hash" text,
	"share_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "udm_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"remote_path" text DEFAULT '' NOT NULL,
	"target_path" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "udm_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"bytes_total" bigint DEFAULT 0 NOT NULL,
	"speed" bigint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"pid" integer,
	"log" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"checksums" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checksum_ok" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "application_decisions" ADD CONSTRAINT "application_decisions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_decisions" ADD CONSTRAINT "application_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_roots" ADD CONSTRAINT "approval_roots_chain_id_approval_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."approval_chains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactive_sessions" ADD CONSTRAINT "interactive_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactive_sessions" ADD CONSTRAINT "interactive_sessions_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_labels" ADD CONSTRAINT "app_labels_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_labels" ADD CONSTRAINT "app_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_runs" ADD CONSTRAINT "app_runs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_runs" ADD CONSTRAINT "app_runs_version_id_app_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."app_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_runs" ADD CONSTRAINT "app_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_cli_secrets" ADD CONSTRAINT "image_cli_secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_label_relations" ADD CONSTRAINT "image_label_relations_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_label_relations" ADD CONSTRAINT "image_label_relations_registry_id_image_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."image_registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_namespace_quotas" ADD CONSTRAINT "image_namespace_quotas_registry_id_image_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."image_registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_repositories" ADD CONSTRAINT "image_repositories_registry_id_image_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."image_registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_account_flags" ADD CONSTRAINT "fee_account_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_scheduler_limits" ADD CONSTRAINT "fee_scheduler_limits_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_sync_state" ADD CONSTRAINT "fee_sync_state_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_usage" ADD CONSTRAINT "fee_usage_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_orders" ADD CONSTRAINT "mall_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_orders" ADD CONSTRAINT "mall_orders_goods_id_mall_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."mall_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_balances" ADD CONSTRAINT "points_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_chapters" ADD CONSTRAINT "doc_chapters_book_id_doc_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."doc_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_documents" ADD CONSTRAINT "doc_documents_book_id_doc_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."doc_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_documents" ADD CONSTRAINT "doc_documents_chapter_id_doc_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."doc_chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_images" ADD CONSTRAINT "doc_images_document_id_doc_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."doc_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_versions" ADD CONSTRAINT "doc_versions_document_id_doc_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."doc_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "udm_datasets" ADD CONSTRAINT "udm_datasets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "udm_sources" ADD CONSTRAINT "udm_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "udm_transfers" ADD CONSTRAINT "udm_transfers_source_id_udm_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."udm_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "udm_transfers" ADD CONSTRAINT "udm_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_applicant_idx" ON "applications" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_state_expiry_idx" ON "applications" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "interactive_sessions_user_idx" ON "interactive_sessions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_labels_label_idx" ON "app_labels" USING btree ("label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_params_cluster_partition_key" ON "app_params" USING btree ("cluster","partition");--> statement-breakpoint
CREATE UNIQUE INDEX "app_runs_uuid_key" ON "app_runs" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "app_runs_user_idx" ON "app_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "app_runs_state_idx" ON "app_runs" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_app_version_key" ON "app_versions" USING btree ("app_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_name_key" ON "apps" USING btree ("name");--> statement-breakpoint
CREATE INDEX "apps_owner_idx" ON "apps" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "image_cli_secrets_user_idx" ON "image_cli_secrets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "image_label_relations_key" ON "image_label_relations" USING btree ("label_id","registry_id","image");--> statement-breakpoint
CREATE UNIQUE INDEX "image_namespace_quotas_key" ON "image_namespace_quotas" USING btree ("registry_id","namespace");--> statement-breakpoint
CREATE UNIQUE INDEX "image_repositories_name_key" ON "image_repositories" USING btree ("registry_id","name");--> statement-breakpoint
CREATE INDEX "fee_allocations_target_idx" ON "fee_allocations" USING btree ("scope","target_id");--> statement-breakpoint
CREATE INDEX "fee_prices_lookup_idx" ON "fee_prices" USING btree ("cluster_name","partition");--> statement-breakpoint
CREATE INDEX "fee_usage_user_day_idx" ON "fee_usage" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "fee_usage_group_day_idx" ON "fee_usage" USING btree ("group_id","day");--> statement-breakpoint
CREATE INDEX "fee_usage_community_day_idx" ON "fee_usage" USING btree ("community_id","day");--> statement-breakpoint
CREATE INDEX "fee_usage_end_idx" ON "fee_usage" USING btree ("end_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mall_orders_user_idx" ON "mall_orders" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "points_ledger_user_idx" ON "points_ledger" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "doc_chapters_book_idx" ON "doc_chapters" USING btree ("book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "doc_documents_slug_key" ON "doc_documents" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "doc_documents_book_idx" ON "doc_documents" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "doc_images_doc_idx" ON "doc_images" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "doc_versions_doc_version_key" ON "doc_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "stat_daily_key" ON "stat_daily" USING btree ("source","metric","day","k1","k2","k3","k4");--> statement-breakpoint
CREATE INDEX "stat_daily_day_idx" ON "stat_daily" USING btree ("source","day");--> statement-breakpoint
CREATE UNIQUE INDEX "stat_days_key" ON "stat_days" USING btree ("source","day");--> statement-breakpoint
CREATE UNIQUE INDEX "udm_datasets_user_name_key" ON "udm_datasets" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "udm_datasets_share_idx" ON "udm_datasets" USING btree ("share_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "udm_sources_user_name_key" ON "udm_sources" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "udm_transfers_user_idx" ON "udm_transfers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "udm_transfers_state_idx" ON "udm_transfers" USING btree ("state");