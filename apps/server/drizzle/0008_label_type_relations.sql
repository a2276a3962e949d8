CREATE TABLE "label_type_relations" (
	"label_type_id" integer NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_type_relations_label_type_id_target_pk" PRIMARY KEY("label_type_id","target")
);
--> statement-breakpoint
ALTER TABLE "label_type_relations" ADD CONSTRAINT "label_type_relations_label_type_id_label_types_id_fk" FOREIGN KEY ("label_type_id") REFERENCES "public"."label_types"("id") ON DELETE cascade ON UPDATE no action;