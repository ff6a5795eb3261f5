ALTER TABLE "certificates" ADD COLUMN "status_index" serial NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_status_index_uq" ON "certificates" USING btree ("status_index");