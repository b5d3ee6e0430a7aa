import {
  formatarDataHora,
  formatarMoeda,
  formatarNumeroEnxuto,
  origensPedido,
  statusVenda,
  tiposVenda,
} from '@retaguarda/domain';
import { Card, Table } from 'antd';
import type { LinhaEvento, ProdutoEvento } from './api.ts';
import {
  type ColunaEvento,
  type DefinicaoRelatorioEventos,
  RelatorioEventosPage,
} from './relatorio-eventos-page.tsx';

// The four event reports of issue 19: what each shows of the sale events (who, which supervisor released it, the
// reason, the value, the whole sale or an item) and of the device orders (by origin 68-77).

const n = (v: unknown) => Number(v ?? 0);
const moeda = (v: unknown) => formatarMoeda(String(v ?? '0'));
const quantidade = (v: string) => formatarNumeroEnxuto(v, 4);
const tipo = (l: LinhaEvento) => {
  const t = tiposVenda.porId(l.tipoVenda as never)?.descricao ?? '';
  if (l.mesa) return `${t} ${l.mesa}`;
  if (l.comanda) return `${t} ${l.comanda}`;
  return t;
};
const produtos = (l: LinhaEvento) =>
  (l.produtos ?? [])
    .map((p: ProdutoEvento) => `${quantidade(p.quantidade)}× ${p.descricao ?? ''}`)
    .join(', ');

const DATA: ColunaEvento = {
  titulo: 'Data/hora',
  texto: (l) => formatarDataHora(l.dataHora),
  formato: 'data',
  largura: 100,
};
const EMPRESA: ColunaEvento = { titulo: 'Empresa', texto: (l) => l.empresa ?? '' };
const VENDA: ColunaEvento = {
  titulo: 'Venda',
  direita: true,
  texto: (l) => String(l.numero ?? ''),
  celula: (l) => n(l.numero),
};
const TIPO: ColunaEvento = { titulo: 'Tipo', texto: tipo };
const PRODUTOS: ColunaEvento = { titulo: 'Produtos', texto: produtos, largura: 220 };
const OPERADOR: ColunaEvento = { titulo: 'Operador', texto: (l) => l.operador ?? '' };
const SUPERVISOR: ColunaEvento = { titulo: 'Supervisor', texto: (l) => l.supervisor ?? '' };
const MOTIVO: ColunaEvento = { titulo: 'Motivo', texto: (l) => l.motivo ?? '' };
const VALOR: ColunaEvento = {
  titulo: 'Valor',
  direita: true,
  texto: (l) => moeda(l.valor ?? l.total),
  celula: (l) => n(l.valor ?? l.total),
  formato: 'moeda',
};

const contagemValor = (q: unknown, v: unknown) => `${n(q)} · ${moeda(v)}`;

const CANCELAMENTOS: DefinicaoRelatorioEventos = {
  rota: 'relatorioVendaCancelamentos',
  titulo: 'Relatório de Cancelamentos',
  arquivo: 'cancelamentos',
  vazio: 'Nenhum cancelamento no período.',
  colunas: [
    DATA,
    EMPRESA,
    VENDA,
    TIPO,
    { titulo: 'Cancelamento', texto: (l) => (l.vendaCompleta ? 'Venda inteira' : 'Item') },
    PRODUTOS,
    OPERADOR,
    SUPERVISOR,
    MOTIVO,
    VALOR,
  ],
  cartoes: (t) => [
    { titulo: 'Cancelamentos', valor: String(n(t.quantidade)), testId: 'cancelamentos-quantidade' },
    { titulo: 'Valor cancelado', valor: moeda(t.valor), testId: 'cancelamentos-valor' },
    {
      titulo: 'Vendas inteiras',
      valor: contagemValor(t.quantidadeVendaCompleta, t.valorVendaCompleta),
      testId: 'cancelamentos-vendas',
    },
    { titulo: 'Itens', valor: contagemValor(t.quantidadeItem, t.valorItem), testId: 'cancelamentos-itens' },
  ],
  total: (t) => ({ rotulo: 'Total cancelado', valor: moeda(t.valor), numero: n(t.valor) }),
};

interface PorSupervisor {
  supervisor: string;
  quantidade: number;
  valor: string;
}

const DESCONTOS: DefinicaoRelatorioEventos = {
  rota: 'relatorioVendaDescontos',
  titulo: 'Relatório de Descontos',
  arquivo: 'descontos',
  vazio: 'Nenhum desconto no período.',
  colunas: [
    DATA,
    EMPRESA,
    VENDA,
    TIPO,
    { titulo: 'Desconto', texto: (l) => (l.vendaCompleta ? 'Geral (venda)' : 'Item') },
    PRODUTOS,
    OPERADOR,
    SUPERVISOR,
    MOTIVO,
    VALOR,
  ],
  cartoes: (t) => [
    { titulo: 'Descontos', valor: String(n(t.quantidade)), testId: 'descontos-quantidade' },
    { titulo: 'Valor concedido', valor: moeda(t.valor), testId: 'descontos-valor' },
    {
      titulo: 'Gerais (na venda)',
      valor: contagemValor(t.quantidadeVendaCompleta, t.valorVendaCompleta),
      testId: 'descontos-gerais',
    },
    { titulo: 'Em itens', valor: contagemValor(t.quantidadeItem, t.valorItem), testId: 'descontos-itens' },
  ],
  detalheTotais: (t) => {
    const lista = (t.supervisores ?? []) as PorSupervisor[];
    if (!lista.length) return null;
    return (
      <Card size="small" title="Por supervisor que liberou">
        <Table<PorSupervisor>
          data-testid="descontos-supervisores"
          size="small"
          rowKey="supervisor"
          pagination={false}
          dataSource={lista}
          columns={[
            { title: 'Supervisor', dataIndex: 'supervisor', render: (v: string) => v || '(sem supervisor)' },
            { title: 'Descontos', dataIndex: 'quantidade', align: 'right' },
            { title: 'Valor', dataIndex: 'valor', align: 'right', render: (v: string) => formatarMoeda(v) },
          ]}
        />
      </Card>
    );
  },
  total: (t) => ({ rotulo: 'Total de descontos', valor: moeda(t.valor), numero: n(t.valor) }),
};

const TRANSFERENCIAS: DefinicaoRelatorioEventos = {
  rota: 'relatorioVendaTransferencias',
  titulo: 'Relatório de Transferências',
  arquivo: 'transferencias',
  vazio: 'Nenhuma transferência no período.',
  colunas: [
    DATA,
    EMPRESA,
    {
      titulo: 'Mesa origem',
      direita: true,
      texto: (l) => String(l.mesaOrigem ?? ''),
      celula: (l) => n(l.mesaOrigem),
    },
    {
      titulo: 'Mesa destino',
      direita: true,
      texto: (l) => String(l.mesaDestino ?? ''),
      celula: (l) => n(l.mesaDestino),
    },
    {
      titulo: 'Venda origem',
      direita: true,
      texto: (l) => String(l.numero ?? ''),
      celula: (l) => n(l.numero),
    },
    {
      titulo: 'Venda destino',
      direita: true,
      texto: (l) => String(l.numeroDestino ?? ''),
      celula: (l) => n(l.numeroDestino),
    },
    { titulo: 'Transferência', texto: (l) => (l.vendaCompleta ? 'Mesa inteira' : 'Itens') },
    PRODUTOS,
    OPERADOR,
    SUPERVISOR,
    VALOR,
  ],
  cartoes: (t) => [
    { titulo: 'Transferências', valor: String(n(t.quantidade)), testId: 'transferencias-quantidade' },
    { titulo: 'Mesas inteiras', valor: String(n(t.quantidadeMesaInteira)), testId: 'transferencias-mesas' },
    { titulo: 'De itens', valor: String(n(t.quantidadeItens)), testId: 'transferencias-itens' },
    { titulo: 'Linhas movidas', valor: String(n(t.linhas)), testId: 'transferencias-linhas' },
    { titulo: 'Valor movido', valor: moeda(t.valor), testId: 'transferencias-valor' },
  ],
  total: (t) => ({ rotulo: 'Total movido', valor: moeda(t.valor), numero: n(t.valor) }),
};

interface PorOrigem {
  localPedido: number;
  descricao: string;
  quantidade: number;
  total: string;
}

const QRCODE: DefinicaoRelatorioEventos = {
  rota: 'relatorioQrCode',
  titulo: 'Relatório QR Code',
  arquivo: 'pedidos-qrcode',
  vazio: 'Nenhum pedido destas origens no período.',
  comOrigem: true,
  colunas: [
    DATA,
    EMPRESA,
    VENDA,
    TIPO,
    {
      titulo: 'Origem',
      texto: (l) => (l.localPedido ? (origensPedido.porId(l.localPedido as never)?.descricao ?? '') : ''),
    },
    { titulo: 'Atendente', texto: (l) => l.atendente ?? '' },
    {
      titulo: 'Itens',
      direita: true,
      texto: (l) => String(l.itens ?? 0),
      celula: (l) => n(l.itens),
      formato: 'numero',
    },
    { titulo: 'Situação', texto: (l) => statusVenda.porId(l.status as never)?.descricao ?? '' },
    VALOR,
  ],
  cartoes: (t) => [
    { titulo: 'Pedidos', valor: String(n(t.quantidade)), testId: 'qrcode-quantidade' },
    { titulo: 'Total', valor: moeda(t.total), testId: 'qrcode-total' },
    { titulo: 'Ticket médio', valor: moeda(t.ticketMedio), testId: 'qrcode-ticket' },
  ],
  detalheTotais: (t) => {
    const lista = (t.porOrigem ?? []) as PorOrigem[];
    if (!lista.length) return null;
    return (
      <Card size="small" title="Por origem do pedido">
        <Table<PorOrigem>
          data-testid="qrcode-origens"
          size="small"
          rowKey="localPedido"
          pagination={false}
          dataSource={lista}
          columns={[
            { title: 'Origem', dataIndex: 'descricao' },
            { title: 'Pedidos', dataIndex: 'quantidade', align: 'right' },
            { title: 'Total', dataIndex: 'total', align: 'right', render: (v: string) => formatarMoeda(v) },
          ]}
        />
      </Card>
    );
  },
  total: (t) => ({ rotulo: 'Total dos pedidos', valor: moeda(t.total), numero: n(t.total) }),
};

export const RelatorioCancelamentosPage = () => <RelatorioEventosPage def={CANCELAMENTOS} />;
export const RelatorioDescontosPage = () => <RelatorioEventosPage def={DESCONTOS} />;
export const RelatorioTransferenciasPage = () => <RelatorioEventosPage def={TRANSFERENCIAS} />;
export const RelatorioQrCodePage = () => <RelatorioEventosPage def={QRCODE} />;
