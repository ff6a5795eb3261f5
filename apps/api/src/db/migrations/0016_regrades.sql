CREATE TABLE "regrades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"assessment_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"mode" text NOT NULL,
	"question_before" jsonb NOT NULL,
	"question_after" jsonb NOT NULL,
	"include_teacher_marks" boolean DEFAULT false NOT NULL,
	"changes" jsonb NOT NULL,
	"applied_by" uuid,
	"applied_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regrades" ADD CONSTRAINT "regrades_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrades" ADD CONSTRAINT "regrades_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrades" ADD CONSTRAINT "regrades_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "regrades_assessment_idx" ON "regrades" USING btree ("assessment_id","applied_at");