import {
  DESCRICAO_ORIGEM_MOVIMENTACAO,
  formatarMoeda,
  type LinhaExtratoConta,
  type RespostaExtratoConta,
} from '@retaguarda/domain';
import type { Celula } from '../../lib/exportar/exportar.ts';
import type { TabelaExportavel } from '../../lib/exportar/menu-exportacao.tsx';

// The account statement as the shared export menu takes it (CSV, XLSX, PDF, print): one row per movement with the
// running balance, then the period's opening balance, money in, money out and closing balance. Values are numbers
// in the spreadsheet (a decimal comma in the CSV) so they can be summed; the print shows them as R$.

const dataBr = (d: string) => d.slice(0, 10).split('-').reverse().join('/');

/** The movement's origin as the screen names it (the other account of a transfer when the text does not). */
export function origemDaLinha(m: LinhaExtratoConta): string {
  const origem = DESCRICAO_ORIGEM_MOVIMENTACAO[m.origemTipo] ?? m.origemTipo;
  return m.contraPartida && !m.descricao.includes(m.contraPartida.descricao)
    ? `${origem} · ${m.contraPartida.descricao}`
    : origem;
}

const nomeArquivo = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

export function tabelaDoExtrato(x: RespostaExtratoConta): TabelaExportavel {
  const colunas = [
    { titulo: 'Data' },
    { titulo: 'Descrição' },
    { titulo: 'Origem' },
    { titulo: 'Plano de contas' },
    { titulo: 'Valor', direita: true },
    { titulo: 'Saldo', direita: true },
  ];
  const plano = (m: LinhaExtratoConta) =>
    m.planoConta ? `${m.planoConta.codigo} ${m.planoConta.descricao}` : '';
  const descricao = (m: LinhaExtratoConta) =>
    `${m.descricao}${m.estornoDe ? ' (estorno)' : ''}${m.estornada ? ' (estornada)' : ''}`;
  const saidas = Number(x.saidas) === 0 ? '0.00' : `-${x.saidas}`;
  const totais: [string, string][] = [
    ['Saldo inicial', x.saldoInicial],
    ['Entradas', x.entradas],
    ['Saídas', saidas],
    ['Saldo final', x.saldoFinal],
  ];
  const celulas: Celula[][] = [
    ...x.movimentacoes.map((m): Celula[] => [
      dataBr(m.data),
      descricao(m),
      origemDaLinha(m),
      plano(m),
      Number(m.valor),
      Number(m.saldoAtual),
    ]),
    ...totais.map(([rotulo, valor]): Celula[] => ['', rotulo, '', '', Number(valor), '']),
  ];
  return {
    arquivo: `extrato-${nomeArquivo(x.conta.descricao)}-${x.de}-a-${x.ate}`,
    titulo: `Extrato da conta ${x.conta.descricao}`,
    filtros: [
      `Conta: ${x.conta.descricao}`,
      `Período: ${dataBr(x.de)} a ${dataBr(x.ate)}`,
      ...(x.truncado
        ? ['Só parte das movimentações do período foi listada; os saldos e totais contam todas.']
        : []),
    ],
    colunas,
    linhas: x.movimentacoes.map((m) => [
      dataBr(m.data),
      descricao(m),
      origemDaLinha(m),
      plano(m),
      formatarMoeda(m.valor),
      formatarMoeda(m.saldoAtual),
    ]),
    rodape: totais.map(([rotulo, valor]) => ['', rotulo, '', '', formatarMoeda(valor), '']),
    celulas,
  };
}
