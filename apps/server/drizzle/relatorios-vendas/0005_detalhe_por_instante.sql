-- The detail of relatorioVenda (a page of 50 raw sales of a period, route relatorioVendaDetalhe) is a keyset on
-- (instant, id) over the group's sales: this index hands them over in that order from the cursor on, whatever the
-- stores of the filter (0001's venda_relatorio_idx leads with the store, so ten stores meant reading and sorting the
-- whole period's rows for every page).
CREATE INDEX IF NOT EXISTS venda_relatorio_detalhe_idx ON venda (grupo_empresarial_id, (coalesce(encerrada_em, data)), id);
