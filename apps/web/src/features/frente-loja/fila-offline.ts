import { ErroApi } from '../../lib/api/cliente.ts';
import { enfileirarVenda, removerDaFila, type VendaNaFila, vendasNaFila } from './armazenamento-local.ts';
import type { CorpoCriarVenda, ItemEnvio, PagamentoEnvio, VendaServidor } from './venda-api.ts';

// Offline counter sales (issue 5 point 8): kept in IndexedDB with their client ids and sent when the
// server is back. Every step is idempotent on the server (sale _id, payment _id, Idempotency-Key), so a
// retry after a lost answer never duplicates; a sale the server refuses is set aside ('recusada') and
// never blocks the ones behind it.

export interface EnvioFila {
  criar(corpo: CorpoCriarVenda): Promise<VendaServidor>;
  /** Items typed offline on a sale the server already had (it went away in the middle of the sale). */
  adicionar(id: string, itens: ItemEnvio[], primeiroNumero: number): Promise<VendaServidor>;
  pagar(id: string, p: PagamentoEnvio): Promise<VendaServidor>;
  encerrar(id: string): Promise<VendaServidor>;
}

export interface ResultadoFila {
  enviadas: number;
  recusadas: number;
  pendentes: number;
  semServidor: boolean;
}

let emCurso: Promise<ResultadoFila> | null = null;

export function enviarFila(envio: EnvioFila, empresa?: string): Promise<ResultadoFila> {
  emCurso ??= processar(envio, empresa).finally(() => {
    emCurso = null;
  });
  return emCurso;
}

async function processar(envio: EnvioFila, empresa?: string): Promise<ResultadoFila> {
  const r: ResultadoFila = { enviadas: 0, recusadas: 0, pendentes: 0, semServidor: false };
  for (const v of await vendasNaFila(empresa)) {
    if (v.etapa === 'recusada') {
      r.recusadas++;
      continue;
    }
    if (r.semServidor) {
      r.pendentes++;
      continue;
    }
    try {
      await enviarUma(envio, v);
      await removerDaFila(v._id);
      r.enviadas++;
    } catch (erro) {
      if (erro instanceof ErroApi && erro.tipo === 'envelope') {
        await enfileirarVenda({ ...v, etapa: 'recusada', erro: erro.message, tentativas: v.tentativas + 1 });
        r.recusadas++;
      } else {
        // Server unreachable (or a transport fault): keep it and the rest for the next round.
        await enfileirarVenda({ ...v, tentativas: v.tentativas + 1 });
        r.semServidor = true;
        r.pendentes++;
      }
    }
  }
  return r;
}

async function enviarUma(envio: EnvioFila, v: VendaNaFila): Promise<void> {
  const corpo = v.corpo as unknown as CorpoCriarVenda;
  // A sale never seen by the server goes whole: items, payments and end in one request and one write. A sale
  // the server already had (it went away mid-sale) comes back as it is there and goes on step by step.
  let venda = await envio.criar(
    v.etapa === 'pendente'
      ? {
          ...corpo,
          pagamentos: v.pagamentos.map((p) => ({ ...p, terminal: v.terminal })),
          encerrar: true,
        }
      : corpo,
  );
  if (venda.status.id === 59) return;
  const itens = corpo.produtos ?? [];
  if (venda.produtos.length < itens.length)
    venda = await envio.adicionar(v._id, itens.slice(venda.produtos.length), venda.produtos.length + 1);
  if (v.etapa === 'pendente') await enfileirarVenda({ ...v, etapa: 'criada' });
  for (const p of v.pagamentos) {
    if (venda.pagamentos.some((x) => x._id === p._id)) continue;
    venda = await envio.pagar(v._id, { ...p, terminal: v.terminal });
  }
  await envio.encerrar(v._id);
}
