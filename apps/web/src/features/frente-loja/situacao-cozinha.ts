import type { Venda } from '@retaguarda/domain';
import {
  type SituacaoCozinhaVenda,
  situacaoCozinhaVendaSchema,
} from '@retaguarda/domain/kds/situacao-cozinha';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/cliente.ts';

// What the kitchen did with the sale's sent lines (issue 13 point 3): the waiter sees 'Pronto' on what was
// produced. Read on opening the sale and after each send; the store's kdsPedido socket event invalidates
// CHAVE_SITUACAO_COZINHA (frente-loja-page.tsx), so a bump on the KDS shows up without a reload.

export const CHAVE_SITUACAO_COZINHA = 'situacaoCozinha';

const vazio: SituacaoCozinhaVenda = {};

export function useSituacaoCozinha(
  venda: Pick<Venda, '_id' | 'produtos'>,
  ativo: boolean,
): SituacaoCozinhaVenda {
  // The count of sent lines is in the key: sending more lines asks again.
  const enviados = venda.produtos.filter((i) => i.confirmado).length;
  const { data } = useQuery({
    queryKey: [CHAVE_SITUACAO_COZINHA, venda._id, enviados],
    queryFn: async () =>
      situacaoCozinhaVendaSchema.parse(
        await api.get<unknown>(`kds/venda/${venda._id}/cozinha`, { silencioso: true }),
      ),
    enabled: ativo && enviados > 0 && Boolean(venda._id),
    staleTime: 0,
  });
  return data ?? vazio;
}
