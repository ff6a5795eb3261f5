CREATE TABLE "assessment_assignees" (
	"assessment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	CONSTRAINT "assessment_assignees_assessment_id_student_id_pk" PRIMARY KEY("assessment_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assessment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"title" text NOT NULL,
	"subject" text NOT NULL,
	"difficulty" text NOT NULL,
	"generation_type" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"duration_minutes" integer,
	"total_marks" double precision DEFAULT 0 NOT NULL,
	"pass_mark" integer NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"allow_retake" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"instructor" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"review_policy" text DEFAULT 'afterSubmission' NOT NULL,
	"assignment_mode" text DEFAULT 'all' NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"plan_name" text NOT NULL,
	"package_id" text,
	"payment_id" text,
	"product_line" text DEFAULT 'vbuilder' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invoice_number" text,
	"invoice_status" text DEFAULT 'open' NOT NULL,
	"invoice_file_key" text,
	"receipt_file_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "attempt_answers" (
	"attempt_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"answer" jsonb,
	"revision" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"score" double precision,
	"max_score" double precision,
	"correct" boolean,
	"mark_status" text,
	"mark_details" jsonb,
	"feedback" text,
	"marked_by" uuid,
	"marked_at" timestamp with time zone,
	CONSTRAINT "attempt_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "attempt_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"assessment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"submitted_by" text,
	"marking_status" text,
	"score" double precision,
	"max_score" double precision,
	"percentage" double precision,
	"passed" boolean,
	"pass_mark" integer NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_assignees" ADD CONSTRAINT "assessment_assignees_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_assignees" ADD CONSTRAINT "assessment_assignees_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_resources" ADD CONSTRAINT "assessment_resources_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_resources" ADD CONSTRAINT "assessment_resources_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_files" ADD CONSTRAINT "attempt_files_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_assignees_student_idx" ON "assessment_assignees" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "assessment_resources_assessment_idx" ON "assessment_resources" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "assessments_org_created_idx" ON "assessments" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "assessments_org_title_idx" ON "assessments" USING btree ("organization_id","title");--> statement-breakpoint
CREATE INDEX "payment_records_org_created_idx" ON "payment_records" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "attempt_files_attempt_idx" ON "attempt_files" USING btree ("attempt_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_student_number_uq" ON "attempts" USING btree ("assessment_id","student_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_in_progress_uq" ON "attempts" USING btree ("assessment_id","student_id") WHERE "attempts"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "attempts_org_assessment_idx" ON "attempts" USING btree ("organization_id","assessment_id");--> statement-breakpoint
CREATE INDEX "attempts_deadline_idx" ON "attempts" USING btree ("status","deadline_at");