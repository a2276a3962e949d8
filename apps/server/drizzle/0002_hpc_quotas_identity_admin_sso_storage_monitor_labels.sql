CREATE TABLE "communities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communities_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "community_admins" (
	"community_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "community_admins_community_id_user_id_pk" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community_groups" (
	"community_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "community_groups_community_id_group_id_pk" PRIMARY KEY("community_id","group_id"),
	CONSTRAINT "community_groups_group_id_unique" UNIQUE("group_id")
);
--> statement-breakpoint
CREATE TABLE "network_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"fork_from" text,
	"allowed_sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_policies_cluster_user_unique" UNIQUE("cluster_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "partition_webssh" (
	"partition_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"host" text,
	"port" integer,
	"host_key_sha256" text,
	"idle_timeout_seconds" integer NOT NULL,
	"max_duration_seconds" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partition_storages" (
	"storage_id" integer NOT NULL,
	"partition_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partition_storages_storage_id_partition_name_pk" PRIMARY KEY("storage_id","partition_name")
);
--> statement-breakpoint
CREATE TABLE "storage_quotas" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_id" integer NOT NULL,
	"user_id" integer,
	"group_id" integer,
	"limit_bytes" bigint,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_quotas_user_unique" UNIQUE("storage_id","user_id"),
	CONSTRAINT "storage_quotas_group_unique" UNIQUE("storage_id","group_id"),
	CONSTRAINT "storage_quotas_one_subject" CHECK (("storage_quotas"."user_id" is null) <> ("storage_quotas"."group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "storages" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"name" text NOT NULL,
	"driver" text NOT NULL,
	"root" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storages_cluster_name_unique" UNIQUE("cluster_id","name"),
	CONSTRAINT "storages_driver_check" CHECK ("storages"."driver" in ('local', 'ssh'))
);
--> statement-breakpoint
CREATE TABLE "label_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"label_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cluster_quotas" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"user_id" integer,
	"group_id" integer,
	"cpu_seconds_limit" bigint,
	"max_cpus" integer,
	"usage_since" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cluster_quotas_user_unique" UNIQUE("cluster_id","user_id"),
	CONSTRAINT "cluster_quotas_group_unique" UNIQUE("cluster_id","group_id"),
	CONSTRAINT "cluster_quotas_one_subject" CHECK (("cluster_quotas"."user_id" is null) <> ("cluster_quotas"."group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "partition_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"partition_name" text NOT NULL,
	"group_id" integer,
	"max_cpus" integer,
	"max_time_minutes" integer,
	"cpu_seconds_limit" bigint,
	"usage_since" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partition_grants_unique" UNIQUE NULLS NOT DISTINCT("cluster_id","partition_name","group_id")
);
--> statement-breakpoint
CREATE TABLE "partition_user_quotas" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"partition_name" text NOT NULL,
	"user_id" integer NOT NULL,
	"allowed" boolean DEFAULT true NOT NULL,
	"max_cpus" integer,
	"max_time_minutes" integer,
	"cpu_seconds_limit" bigint,
	"usage_since" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partition_user_quotas_unique" UNIQUE("cluster_id","partition_name","user_id")
);
--> statement-breakpoint
CREATE TABLE "access_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"network" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cloud_sessions" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_known_ips" (
	"user_id" integer NOT NULL,
	"ip" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_known_ips_user_id_ip_pk" PRIMARY KEY("user_id","ip")
);
--> statement-breakpoint
CREATE TABLE "login_security" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"always_captcha" boolean DEFAULT false NOT NULL,
	"notify_new_ip" boolean DEFAULT false NOT NULL,
	"restrict_networks" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ssh_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key_type" text NOT NULL,
	"fingerprint" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text,
	"name" text NOT NULL,
	"public" boolean NOT NULL,
	"redirect_uris" jsonb NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_clients_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "sso_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"allowed" boolean NOT NULL,
	"grant_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_external_identities" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "sso_external_identities_kind_subject_pk" PRIMARY KEY("kind","subject")
);
--> statement-breakpoint
CREATE TABLE "sso_external_providers" (
	"kind" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"issuer" text,
	"authorization_endpoint" text NOT NULL,
	"token_endpoint" text NOT NULL,
	"userinfo_endpoint" text,
	"jwks_uri" text,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"scopes" text NOT NULL,
	"claims" jsonb NOT NULL,
	"link_by_email" boolean DEFAULT true NOT NULL,
	"create_users" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_external_states" (
	"state" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_oidc_models" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "sso_oidc_models_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "hardware_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"cluster_id" integer,
	"node" text,
	"serial" text,
	"location" text,
	"status" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"type" text NOT NULL,
	"nodes" text[] DEFAULT '{}' NOT NULL,
	"job_id" bigint,
	"from_state" text,
	"to_state" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_metrics_settings" (
	"cluster_id" integer PRIMARY KEY NOT NULL,
	"driver" text NOT NULL,
	"url" text,
	"node_label" text,
	"node_template" text,
	"node_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_node_states" (
	"cluster_id" integer NOT NULL,
	"node" text NOT NULL,
	"state" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitor_node_states_cluster_id_node_pk" PRIMARY KEY("cluster_id","node")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_user_id" integer;--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD COLUMN "storage_id" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "target" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "impersonator_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "community_admins" ADD CONSTRAINT "community_admins_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_admins" ADD CONSTRAINT "community_admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_groups" ADD CONSTRAINT "community_groups_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_groups" ADD CONSTRAINT "community_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_policies" ADD CONSTRAINT "network_policies_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_policies" ADD CONSTRAINT "network_policies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partition_webssh" ADD CONSTRAINT "partition_webssh_partition_id_partitions_id_fk" FOREIGN KEY ("partition_id") REFERENCES "public"."partitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partition_storages" ADD CONSTRAINT "partition_storages_storage_id_storages_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_quotas" ADD CONSTRAINT "storage_quotas_storage_id_storages_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_quotas" ADD CONSTRAINT "storage_quotas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_quotas" ADD CONSTRAINT "storage_quotas_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storages" ADD CONSTRAINT "storages_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_label_type_id_label_types_id_fk" FOREIGN KEY ("label_type_id") REFERENCES "public"."label_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_quotas" ADD CONSTRAINT "cluster_quotas_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_quotas" ADD CONSTRAINT "cluster_quotas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_quotas" ADD CONSTRAINT "cluster_quotas_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partition_grants" ADD CONSTRAINT "partition_grants_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partition_grants" ADD CONSTRAINT "partition_grants_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partition_user_quotas" ADD CONSTRAINT "partition_user_quotas_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partition_user_quotas" ADD CONSTRAINT "partition_user_quotas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_records" ADD CONSTRAINT "access_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_sessions" ADD CONSTRAINT "cloud_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_sessions" ADD CONSTRAINT "cloud_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_known_ips" ADD CONSTRAINT "login_known_ips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_security" ADD CONSTRAINT "login_security_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssh_keys" ADD CONSTRAINT "ssh_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_clients" ADD CONSTRAINT "sso_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_consents" ADD CONSTRAINT "sso_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_external_identities" ADD CONSTRAINT "sso_external_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_devices" ADD CONSTRAINT "hardware_devices_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_events" ADD CONSTRAINT "monitor_events_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_metrics_settings" ADD CONSTRAINT "monitor_metrics_settings_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_node_states" ADD CONSTRAINT "monitor_node_states_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_admins_user_idx" ON "community_admins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "network_policies_user_idx" ON "network_policies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "storage_quotas_group_idx" ON "storage_quotas" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "label_types_name_key" ON "label_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_type_name_key" ON "labels" USING btree ("label_type_id","name");--> statement-breakpoint
CREATE INDEX "labels_name_idx" ON "labels" USING btree ("name");--> statement-breakpoint
CREATE INDEX "partition_grants_group_idx" ON "partition_grants" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "partition_user_quotas_user_idx" ON "partition_user_quotas" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_records_user_network_idx" ON "access_records" USING btree ("user_id","network");--> statement-breakpoint
CREATE INDEX "cloud_sessions_user_idx" ON "cloud_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ssh_keys_fingerprint_idx" ON "ssh_keys" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "ssh_keys_user_idx" ON "ssh_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sso_consents_user_idx" ON "sso_consents" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sso_external_identities_user_idx" ON "sso_external_identities" USING btree ("kind","user_id");--> statement-breakpoint
CREATE INDEX "sso_oidc_models_grant_idx" ON "sso_oidc_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "sso_oidc_models_uid_idx" ON "sso_oidc_models" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "sso_oidc_models_expires_idx" ON "sso_oidc_models" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hardware_devices_serial_unique" ON "hardware_devices" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "hardware_devices_cluster_idx" ON "hardware_devices" USING btree ("cluster_id","node");--> statement-breakpoint
CREATE INDEX "monitor_events_at_idx" ON "monitor_events" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "monitor_events_nodes_idx" ON "monitor_events" USING gin ("nodes");--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_events_job_unique" ON "monitor_events" USING btree ("cluster_id","job_id") WHERE "monitor_events"."type" = 'job_failed';--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD CONSTRAINT "upload_sessions_storage_id_storages_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storages"("id") ON DELETE cascade ON UPDATE no action;