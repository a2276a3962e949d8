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
ALTER TABLE "fee_account_flags" ADD CONSTRAINT "fee_account_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_scheduler_limits" ADD CONSTRAINT "fee_scheduler_limits_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_sync_state" ADD CONSTRAINT "fee_sync_state_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_usage" ADD CONSTRAINT "fee_usage_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_orders" ADD CONSTRAINT "mall_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_orders" ADD CONSTRAINT "mall_orders_goods_id_mall_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."mall_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_balances" ADD CONSTRAINT "points_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_allocations_target_idx" ON "fee_allocations" USING btree ("scope","target_id");--> statement-breakpoint
CREATE INDEX "fee_prices_lookup_idx" ON "fee_prices" USING btree ("cluster_name","partition");--> statement-breakpoint
CREATE INDEX "fee_usage_user_day_idx" ON "fee_usage" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "fee_usage_group_day_idx" ON "fee_usage" USING btree ("group_id","day");--> statement-breakpoint
CREATE INDEX "fee_usage_community_day_idx" ON "fee_usage" USING btree ("community_id","day");--> statement-breakpoint
CREATE INDEX "fee_usage_end_idx" ON "fee_usage" USING btree ("end_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mall_orders_user_idx" ON "mall_orders" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "points_ledger_user_idx" ON "points_ledger" USING btree ("user_id","id" DESC NULLS LAST);