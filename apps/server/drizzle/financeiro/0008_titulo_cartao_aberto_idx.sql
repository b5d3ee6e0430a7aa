-- The open card receivables of a store's acquirer by due date (issue 18, settlement-file import): the import reads
-- them around the file's days and its one settling UPDATE finds them again. With a year of card payments (3,000,000
-- titles, bench/financeiro-calendario.bench.ts) both went through the (group, store, competence) index and 400,000
-- heap rows, most of them settled long ago. Settled and cancelled titles leave this index, so it holds what is
-- still to be received.
CREATE INDEX "financeiro_titulo_cartao_aberto_idx" ON "financeiro_titulo" USING btree ("grupo_empresarial_id","empresa_id","operadora_id","vencimento") WHERE status = 1 AND tipo = 'receber' AND operadora_id IS NOT NULL;
