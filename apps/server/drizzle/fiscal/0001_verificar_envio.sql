DROP INDEX "nfce_fila_idx";--> statement-breakpoint
ALTER TABLE "nfce" ADD COLUMN "verificar_envio" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "nfce_fila_idx" ON "nfce" USING btree ("proxima_tentativa") WHERE pendente_envio or verificar_envio;