ALTER TABLE "venda_pagamento" ADD COLUMN "parcelas" integer;--> statement-breakpoint
ALTER TABLE "venda_pagamento" ADD COLUMN "nsu" text;--> statement-breakpoint
ALTER TABLE "venda_pagamento" ADD COLUMN "autorizacao" text;