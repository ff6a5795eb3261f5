ALTER TABLE "payment_records" ADD COLUMN "credit_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "credit_plan_name" text;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "credit_unused_days" integer;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "credit_period_days" integer;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "scheduled_change" text;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "scheduled_plan" text;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "scheduled_period" text;--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "scheduled_currency" text;