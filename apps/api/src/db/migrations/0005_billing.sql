CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"plan_name" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "plan_prices_plan_name_period_currency_pk" PRIMARY KEY("plan_name","period","currency")
);
--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "amount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "tax_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "tax_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "billing_period" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "custom_monthly_assessments" integer;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "method" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "plan_prices" ADD CONSTRAINT "plan_prices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_records_invoice_number_idx" ON "payment_records" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "payment_records_active_ends_idx" ON "payment_records" USING btree ("ends_at") WHERE "payment_records"."status" = 'active';--> statement-breakpoint
-- Records made before billing (the admin CLI's set-plan, the demo seed) took effect when they were made.
UPDATE "payment_records" SET "activated_at" = "created_at", "period_start" = "created_at" WHERE "status" IN ('active', 'inactive');
