import { formatarMoeda } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { saldosContasQuery } from '../features/financeiro-contas/api.ts';
import type { Registro } from '../features/recursos/exibicao.ts';
import type { Personalizacao } from '../features/recursos/personalizacao.ts';

// financeiroConta (issue 18): the stores a shared account serves are asked only when it is shared; the list shows
// each account's current balance (one call for the whole page: POST financeiroConta/saldos).

function SaldoAtual({ linha }: { linha: Registro }) {
  const saldos = useQuery(saldosContasQuery());
  const s = saldos.data?.find((c) => c._id === linha._id);
  if (!s) return <span>{saldos.isPending ? '…' : '—'}</span>;
  return <span data-testid="saldo-conta">{formatarMoeda(s.saldo)}</span>;
}

export const personalizacao: Personalizacao = {
  ocultarCampo: (nome, valores) => nome === 'empresas' && valores.contaCompartilhada !== true,
  colunasExtras: [{ chave: 'saldo', titulo: 'Saldo atual', Celula: SaldoAtual }],
};
