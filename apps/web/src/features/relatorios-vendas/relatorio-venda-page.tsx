import {
  type CursorVendaDetalhe,
  DIMENSOES_VENDA,
  type DimensaoVenda,
  type FiltroRelatorioEntrada,
  formatarDataHora,
  formatarMoeda,
  MEDIDAS_SO_VENDA,
  type MedidaVenda,
  origensPedido,
  ROTULOS_DIMENSAO,
  ROTULOS_MEDIDA,
  statusVenda,
  tiposVenda,
  type VendaDetalhe,
} from '@retaguarda/domain';
import { Button, Card, Flex, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import type { TabelaExportavel } from '../../lib/exportar/menu-exportacao.tsx';
import { BarraFiltroRelatorio, useFiltroRelatorio } from '../relatorios-comum/filtro-relatorio.tsx';
import { useRelatorio } from '../relatorios-comum/use-relatorio.ts';
import { buscarRelatorioVenda, buscarRelatorioVendaDetalhe } from './api.ts';
import {
  celulaMedida,
  formatoMedida,
  MEDIDAS_PADRAO,
  medidasDaUrl,
  opcoesMedidas,
  textoMedida,
} from './medidas.ts';
import { useListaUrl } from './parametros-url.ts';
import {
  AcoesRelatorio,
  CartoesTotais,
  EscolhaGrafico,
  EstadoResposta,
  GraficoDoResumo,
  nomeArquivo,
  useDescricaoFiltro,
  useGraficoUrl,
} from './quadro.tsx';

// relatorioVenda (issue 19): the sales of the filter summed by one dimension the user picks (day, hour, weekday,
// store, terminal, operator, attendant, sale type, origin, product, group, family) with the measures as columns,
// the totals of the sales themselves, and the raw sales under it, 50 a page (their own call, relatorioVendaDetalhe:
// the summary reads only the aggregates, a page reads 50 sales from a cursor). Grouping, columns and chart live in
// the URL, so a saved report (relatoriosCriados) reopens as it was.

const ehDimensao = (v: string | undefined): v is DimensaoVenda =>
  (DIMENSOES_VENDA as readonly (string | undefined)[]).includes(v);
const porProduto = (d: DimensaoVenda) => d === 'produto' || d === 'grupo' || d === 'familia';

export function RelatorioVendaPage() {
  const [filtro, aplicar] = useFiltroRelatorio();
  const [agrupamento, setAgrupamento] = useListaUrl('agrupamento');
  const agrupar: DimensaoVenda = ehDimensao(agrupamento[0]) ? agrupamento[0] : 'dia';
  const [colunasUrl, setColunas] = useListaUrl('colunas');
  const [grafico, setGrafico] = useGraficoUrl();
  // The cursors of the detail pages seen so far (the first page's is null): back is the previous cursor.
  const [cursores, setCursores] = useState<(CursorVendaDetalhe | null)[]>([null]);
  const descrever = useDescricaoFiltro();
  // By product there is no delivery fee nor service line: those columns leave the table.
  const medidas = medidasDaUrl(colunasUrl, MEDIDAS_PADRAO).filter(
    (m) => !porProduto(agrupar) || !(MEDIDAS_SO_VENDA as readonly string[]).includes(m),
  );
  const r = useRelatorio({
    relatorio: 'relatorioVenda',
    filtro,
    extra: { agrupar },
    buscar: () => buscarRelatorioVenda({ filtro, agrupar }),
  });
  const d = r.dados;

  function montar(): TabelaExportavel | null {
    if (!d) return null;
    return {
      titulo: 'Relatório de Vendas',
      arquivo: nomeArquivo('relatorio-vendas', filtro),
      filtros: [...descrever(filtro), `Agrupado por: ${ROTULOS_DIMENSAO[d.agrupar]}`],
      colunas: [
        { titulo: ROTULOS_DIMENSAO[d.agrupar] },
        ...medidas.map((m) => ({ titulo: ROTULOS_MEDIDA[m], direita: true, formato: formatoMedida(m) })),
      ],
      linhasTotal: 1,
      linhas: d.linhas.map((l) => [l.rotulo, ...medidas.map((m) => textoMedida(m, l[m]))]),
      celulas: [
        ...d.linhas.map((l) => [l.rotulo, ...medidas.map((m) => celulaMedida(l[m]))]),
        ['Total', ...medidas.map((m) => celulaMedida(d.totais[m]))],
      ],
      rodape: [['Total', ...medidas.map((m) => textoMedida(m, d.totais[m]))]],
    };
  }

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between" align="start">
        <BarraFiltroRelatorio
          filtro={filtro}
          aoGerar={(f) => {
            setCursores([null]);
            aplicar(f);
          }}
          carregando={r.atualizando}
        />
        <AcoesRelatorio montar={montar} desabilitado={!d} />
      </Flex>
      <Flex gap={16} wrap align="center">
        <Flex gap={8} align="center">
          <label htmlFor="relatorio-venda-agrupar">Agrupar por</label>
          <Select<DimensaoVenda>
            id="relatorio-venda-agrupar"
            aria-label="Agrupar por"
            style={{ width: 180 }}
            value={agrupar}
            onChange={(v) => setAgrupamento([v])}
            options={DIMENSOES_VENDA.map((x) => ({ value: x, label: ROTULOS_DIMENSAO[x] }))}
          />
        </Flex>
        <Flex gap={8} align="center">
          <label htmlFor="relatorio-venda-colunas">Colunas</label>
          <Select<MedidaVenda[]>
            id="relatorio-venda-colunas"
            mode="multiple"
            aria-label="Colunas"
            style={{ minWidth: 280, maxWidth: 520 }}
            maxTagCount="responsive"
            value={medidas}
            onChange={(v) => setColunas(v)}
            options={opcoesMedidas(porProduto(agrupar) ? MEDIDAS_SO_VENDA : [])}
          />
        </Flex>
        <EscolhaGrafico valor={grafico} aoMudar={setGrafico} />
      </Flex>
      <EstadoResposta temDados={!!d} erro={r.erro} guardadaEm={r.guardadaEm} atualizando={r.atualizando}>
        {d && (
          <>
            <CartoesTotais
              cartoes={[
                { titulo: 'Vendas', valor: textoMedida('vendas', d.totais.vendas), testId: 'total-vendas' },
                { titulo: 'Bruto', valor: formatarMoeda(d.totais.bruto), testId: 'total-bruto' },
                { titulo: 'Descontos', valor: formatarMoeda(d.totais.descontos), testId: 'total-descontos' },
                { titulo: 'Líquido', valor: formatarMoeda(d.totais.liquido), testId: 'total-liquido' },
                {
                  titulo: 'Ticket médio',
                  valor: formatarMoeda(d.totais.ticketMedio),
                  testId: 'total-ticket',
                },
              ]}
            />
            <GraficoDoResumo
              tipo={grafico}
              medida="Líquido"
              pontos={d.linhas.map((l) => ({ rotulo: l.rotulo, valor: Number(l.liquido) }))}
            />
            <Table
              data-testid="tabela-resumo"
              size="small"
              rowKey="chave"
              dataSource={d.linhas}
              loading={r.atualizando}
              pagination={d.linhas.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: 'Nenhuma venda no período.' }}
              columns={[
                { key: 'rotulo', title: ROTULOS_DIMENSAO[d.agrupar], dataIndex: 'rotulo' },
                ...medidas.map((m) => ({
                  key: m,
                  title: ROTULOS_MEDIDA[m],
                  align: 'right' as const,
                  onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
                  render: (_: unknown, l: (typeof d.linhas)[number]) => textoMedida(m, l[m]),
                })),
              ]}
              summary={() => (
                <Table.Summary fixed>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>
                      <strong>Total</strong>
                    </Table.Summary.Cell>
                    {medidas.map((m, i) => (
                      <Table.Summary.Cell key={m} index={i + 1} align="right">
                        <strong data-testid={`resumo-total-${m}`} style={{ whiteSpace: 'nowrap' }}>
                          {textoMedida(m, d.totais[m])}
                        </strong>
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              )}
            />
            <DetalheVendas
              filtro={filtro}
              totalVendas={d.totais.vendas}
              cursores={cursores}
              aoPaginar={setCursores}
            />
          </>
        )}
      </EstadoResposta>
    </Flex>
  );
}

const tipoDaVenda = (v: VendaDetalhe) =>
  tiposVenda.porId(v.tipoVenda as never)?.descricao ?? String(v.tipoVenda);
const origemDaVenda = (v: VendaDetalhe) =>
  v.localPedido === null
    ? ''
    : (origensPedido.porId(v.localPedido as never)?.descricao ?? String(v.localPedido));

function DetalheVendas({
  filtro,
  totalVendas,
  cursores,
  aoPaginar,
}: {
  filtro: FiltroRelatorioEntrada;
  totalVendas: number;
  cursores: (CursorVendaDetalhe | null)[];
  aoPaginar: (cursores: (CursorVendaDetalhe | null)[]) => void;
}) {
  const apos = cursores.at(-1) ?? null;
  const r = useRelatorio({
    relatorio: 'relatorioVendaDetalhe',
    filtro,
    extra: { apos },
    buscar: () => buscarRelatorioVendaDetalhe({ filtro, apos }),
  });
  const detalhe = r.dados;
  const proxima = detalhe?.proxima ?? null;
  const dinheiro = (titulo: string, campo: keyof VendaDetalhe) => ({
    key: campo,
    title: titulo,
    align: 'right' as const,
    onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
    render: (_: unknown, v: VendaDetalhe) => formatarMoeda(String(v[campo])),
  });
  return (
    <Card size="small" title={<Typography.Text strong>Vendas do período</Typography.Text>}>
      <Table<VendaDetalhe>
        data-testid="tabela-vendas"
        size="small"
        rowKey="_id"
        dataSource={detalhe?.vendas ?? []}
        loading={r.atualizando}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: r.erro ? 'Não foi possível carregar as vendas.' : 'Nenhuma venda no período.' }}
        pagination={false}
        columns={[
          { key: 'numero', title: 'Nº', dataIndex: 'numero', align: 'right' },
          { key: 'empresa', title: 'Loja', render: (_, v) => v.empresa.descricao },
          {
            key: 'data',
            title: 'Data/hora',
            onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
            render: (_, v) => formatarDataHora(v.encerradaEm ?? v.data),
          },
          {
            key: 'status',
            title: 'Status',
            render: (_, v) => statusVenda.porId(v.status as never)?.descricao ?? String(v.status),
          },
          { key: 'tipo', title: 'Tipo', render: (_, v) => tipoDaVenda(v) },
          { key: 'origem', title: 'Origem', render: (_, v) => origemDaVenda(v) },
          { key: 'terminal', title: 'Terminal', render: (_, v) => v.terminal ?? '' },
          { key: 'operador', title: 'Operador', dataIndex: 'operador' },
          { key: 'atendente', title: 'Atendente', dataIndex: 'atendente' },
          { key: 'cliente', title: 'Cliente', dataIndex: 'cliente' },
          dinheiro('Subtotal', 'subTotal'),
          dinheiro('Descontos', 'totalDesconto'),
          dinheiro('Acréscimos', 'totalAcrescimo'),
          dinheiro('Taxa de entrega', 'taxaEntrega'),
          dinheiro('Total', 'total'),
        ]}
      />
      <Flex gap={8} align="center" justify="end" style={{ marginTop: 8 }} data-testid="paginacao-vendas">
        <Typography.Text type="secondary">
          {totalVendas} vendas · página {cursores.length}
        </Typography.Text>
        <Button
          size="small"
          disabled={cursores.length <= 1 || r.atualizando}
          onClick={() => aoPaginar(cursores.slice(0, -1))}
        >
          Anterior
        </Button>
        <Button
          size="small"
          disabled={!proxima || r.atualizando}
          onClick={() => proxima && aoPaginar([...cursores, proxima])}
        >
          Próxima
        </Button>
      </Flex>
    </Card>
  );
}
