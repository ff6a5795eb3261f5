CREATE TABLE "assessment_draw_rules" (
	"assessment_id" uuid NOT NULL,
	"id" text NOT NULL,
	"ord" integer NOT NULL,
	"position" integer NOT NULL,
	"category_id" uuid NOT NULL,
	"include_subcategories" boolean DEFAULT true NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"types" text[] DEFAULT '{}'::text[] NOT NULL,
	"plan_types" text[] NOT NULL,
	"count" integer NOT NULL,
	"score" double precision NOT NULL,
	CONSTRAINT "assessment_draw_rules_assessment_id_id_pk" PRIMARY KEY("assessment_id","id")
);
--> statement-breakpoint
CREATE TABLE "question_bank_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_bank_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"category_id" uuid,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"difficulty" text DEFAULT 'Medium' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"question" jsonb NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_draw_rules" ADD CONSTRAINT "assessment_draw_rules_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_draw_rules" ADD CONSTRAINT "assessment_draw_rules_category_id_question_bank_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_bank_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_bank_categories" ADD CONSTRAINT "question_bank_categories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_bank_categories" ADD CONSTRAINT "question_bank_categories_parent_id_question_bank_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."question_bank_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_bank_questions" ADD CONSTRAINT "question_bank_questions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_bank_questions" ADD CONSTRAINT "question_bank_questions_category_id_question_bank_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_bank_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_bank_questions" ADD CONSTRAINT "question_bank_questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_bank_questions" ADD CONSTRAINT "question_bank_questions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_draw_rules_category_idx" ON "assessment_draw_rules" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_bank_categories_sibling_name_uq" ON "question_bank_categories" USING btree ("organization_id",coalesce("parent_id", "organization_id"),lower("name"));--> statement-breakpoint
CREATE INDEX "question_bank_categories_parent_idx" ON "question_bank_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "question_bank_questions_org_category_idx" ON "question_bank_questions" USING btree ("organization_id","category_id");--> statement-breakpoint
CREATE INDEX "question_bank_questions_org_updated_idx" ON "question_bank_questions" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "question_bank_questions_tags_idx" ON "question_bank_questions" USING gin ("tags");