CREATE TABLE "assessment_accommodations" (
	"assessment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"extra_minutes" integer,
	"extra_percent" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_accommodations_assessment_id_student_id_pk" PRIMARY KEY("assessment_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "release_policy" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assessment_accommodations" ADD CONSTRAINT "assessment_accommodations_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_accommodations" ADD CONSTRAINT "assessment_accommodations_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_accommodations" ADD CONSTRAINT "assessment_accommodations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_accommodations" ADD CONSTRAINT "assessment_accommodations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_accommodations_student_idx" ON "assessment_accommodations" USING btree ("student_id");