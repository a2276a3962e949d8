CREATE TABLE "monitor_dashboard" (
	"id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
