CREATE TABLE "message_send_recipients" (
	"send_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"message_id" integer,
	CONSTRAINT "message_send_recipients_send_id_user_id_pk" PRIMARY KEY("send_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "message_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer,
	"template_name" text NOT NULL,
	"channel" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"values" text DEFAULT '{}' NOT NULL,
	"target" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "message_send_recipients" ADD CONSTRAINT "message_send_recipients_send_id_message_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."message_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_send_recipients" ADD CONSTRAINT "message_send_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_send_recipients_pending_idx" ON "message_send_recipients" USING btree ("send_id","state");--> statement-breakpoint
CREATE INDEX "doc_documents_search_trgm_idx" ON "doc_documents" USING gin ("search_text" gin_trgm_ops);