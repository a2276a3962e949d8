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
ALTER TABLE "image_cli_secrets" ADD CONSTRAINT "image_cli_secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_label_relations" ADD CONSTRAINT "image_label_relations_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_label_relations" ADD CONSTRAINT "image_label_relations_registry_id_image_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."image_registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_namespace_quotas" ADD CONSTRAINT "image_namespace_quotas_registry_id_image_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."image_registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_repositories" ADD CONSTRAINT "image_repositories_registry_id_image_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."image_registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_cli_secrets_user_idx" ON "image_cli_secrets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "image_label_relations_key" ON "image_label_relations" USING btree ("label_id","registry_id","image");--> statement-breakpoint
CREATE UNIQUE INDEX "image_namespace_quotas_key" ON "image_namespace_quotas" USING btree ("registry_id","namespace");--> statement-breakpoint
CREATE UNIQUE INDEX "image_repositories_name_key" ON "image_repositories" USING btree ("registry_id","name");