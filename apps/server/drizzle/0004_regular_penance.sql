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
ALTER TABLE "doc_chapters" ADD CONSTRAINT "doc_chapters_book_id_doc_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."doc_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_documents" ADD CONSTRAINT "doc_documents_book_id_doc_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."doc_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_documents" ADD CONSTRAINT "doc_documents_chapter_id_doc_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."doc_chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_images" ADD CONSTRAINT "doc_images_document_id_doc_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."doc_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_versions" ADD CONSTRAINT "doc_versions_document_id_doc_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."doc_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "udm_datasets" ADD CONSTRAINT "udm_datasets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "udm_sources" ADD CONSTRAINT "udm_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "udm_transfers" ADD CONSTRAINT "udm_transfers_source_id_udm_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."udm_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "udm_transfers" ADD CONSTRAINT "udm_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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