import { formatarMoeda, type LinhaProdutoVenda } from '@retaguarda/domain';
import { Flex, Segmented, Table, Typography } from 'antd';
import type { TabelaExportavel } from '../../lib/exportar/menu-exportacao.tsx';
import { BarraFiltroRelatorio, useFiltroRelatorio } from '../relatorios-comum/filtro-relatorio.tsx';
import { useRelatorio } from '../relatorios-comum/use-relatorio.ts';
import { buscarRelatorioVendaProdutos } from './api.ts';
import { celulaMedida, formatoMedida, textoMedida } from './medidas.ts';
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

// relatorioVendaProdutos (issue 19): per product, group or family the quantity, gross, every kind of discount,
// surcharges, net, cost and margin of the period — the menu engineering view an owner reads before changing a
// price. The grouping and the chart live in the URL.

type Agrupar = 'produto' | 'grupo' | 'familia';
const AGRUPAMENTOS: { value: Agrupar; label: string }[] = [
  { value: 'produto', label: 'Produto' },
  { value: 'grupo', label: 'Grupo' },
  { value: 'familia', label: 'Família' },
];
/** The columns after the name, in order: [field, title]. */
const COLUNAS: [keyof LinhaProdutoVenda, string][] = [
  ['vendas', 'Vendas'],
  ['quantidade', 'Quantidade'],
  ['bruto', 'Bruto'],
  ['descontoCombo', 'Desc. combo'],
  ['descontoHappyHour', 'Desc. happy hour'],
  ['descontoSugestao', 'Desc. sugestão'],
  ['descontoComum', 'Desc. comum'],
  ['descontos', 'Descontos'],
  ['acrescimos', 'Acréscimos'],
  ['liquido', 'Líquido'],
  ['custo', 'Custo'],
  ['margem', 'Margem'],
  ['margemPercentual', 'Margem %'],
];
/** Top rows drawn in the chart: a thousand bars say nothing. */
const NO_GRAFICO = 15;

export function RelatorioVendaProdutosPage() {
  const [filtro, aplicar] = useFiltroRelatorio();
  const [agrupamento, setAgrupamento] = useListaUrl('agrupamento');
  const agrupar: Agrupar = AGRUPAMENTOS.some((a) => a.value === agrupamento[0])
    ? (agrupamento[0] as Agrupar)
    : 'produto';
  const [grafico, setGrafico] = useGraficoUrl();
  const descrever = useDescricaoFiltro();
  const r = useRelatorio({
    relatorio: 'relatorioVendaProdutos',
    filtro,
    extra: { agrupar },
    buscar: () => buscarRelatorioVendaProdutos({ filtro, agrupar }),
  });
  const d = r.dados;
  const titulo = AGRUPAMENTOS.find((a) => a.value === agrupar)?.label ?? 'Produto';
  const comCodigo = agrupar === 'produto';

  function montar(): TabelaExportavel | null {
    if (!d) return null;
    const inicio = comCodigo ? ['Código', titulo] : [titulo];
    const vazio = comCodigo ? [''] : [];
    return {
      titulo: 'Relatório de Vendas por Produto',
      arquivo: nomeArquivo('relatorio-vendas-produtos', filtro),
      filtros: [...descrever(filtro), `Agrupado por: ${titulo}`],
      colunas: [
        ...inicio.map((t) => ({ titulo: t })),
        ...COLUNAS.map(([c, t]) => ({ titulo: t, direita: true, formato: formatoMedida(c) })),
      ],
      linhasTotal: 1,
      linhas: d.linhas.map((l) => [
        ...(comCodigo ? [l.codigoInterno ?? ''] : []),
        l.rotulo,
        ...COLUNAS.map(([c]) => textoMedida(c, l[c] ?? 0)),
      ]),
      celulas: [
        ...d.linhas.map((l) => [
          ...(comCodigo ? [l.codigoInterno ?? ''] : []),
          l.rotulo,
          ...COLUNAS.map(([c]) => celulaMedida(l[c] ?? 0)),
        ]),
        [...vazio, 'Total', ...COLUNAS.map(([c]) => celulaMedida(d.totais[c as keyof typeof d.totais]))],
      ],
      rodape: [
        [...vazio, 'Total', ...COLUNAS.map(([c]) => textoMedida(c, d.totais[c as keyof typeof d.totais]))],
      ],
    };
  }

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between" align="start">
        <BarraFiltroRelatorio filtro={filtro} aoGerar={aplicar} carregando={r.atualizando} />
        <AcoesRelatorio montar={montar} desabilitado={!d} />
      </Flex>
      <Flex gap={16} wrap align="center">
        <Flex gap={8} align="center">
          <Typography.Text>Agrupar por</Typography.Text>
          <Segmented<Agrupar>
            aria-label="Agrupar por"
            value={agrupar}
            onChange={(v) => setAgrupamento([v])}
            options={AGRUPAMENTOS}
          />
        </Flex>
        <EscolhaGrafico valor={grafico} aoMudar={setGrafico} />
      </Flex>
      <EstadoResposta temDados={!!d} erro={r.erro} guardadaEm={r.guardadaEm} atualizando={r.atualizando}>
        {d && (
          <>
            <CartoesTotais
              cartoes={[
                {
                  titulo: 'Quantidade',
                  valor: textoMedida('quantidade', d.totais.quantidade),
                  testId: 'total-quantidade',
                },
                { titulo: 'Líquido', valor: formatarMoeda(d.totais.liquido), testId: 'total-liquido' },
                { titulo: 'Custo', valor: formatarMoeda(d.totais.custo), testId: 'total-custo' },
                { titulo: 'Margem', valor: formatarMoeda(d.totais.margem), testId: 'total-margem' },
                {
                  titulo: 'Margem %',
                  valor: textoMedida('margemPercentual', d.totais.margemPercentual),
                  testId: 'total-margem-percentual',
                },
              ]}
            />
            <GraficoDoResumo
              tipo={grafico}
              medida={`Líquido (${NO_GRAFICO} maiores)`}
              pontos={[...d.linhas]
                .sort((a, b) => Number(b.liquido) - Number(a.liquido))
                .slice(0, NO_GRAFICO)
                .map((l) => ({ rotulo: l.rotulo, valor: Number(l.liquido) }))}
            />
            <Table<LinhaProdutoVenda>
              data-testid="tabela-produtos"
              size="small"
              rowKey="chave"
              dataSource={d.linhas}
              loading={r.atualizando}
              scroll={{ x: 'max-content' }}
              pagination={d.linhas.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
              locale={{ emptyText: 'Nenhum produto vendido no período.' }}
              columns={[
                ...(comCodigo
                  ? [
                      {
                        key: 'codigo',
                        title: 'Código',
                        render: (_: unknown, l: LinhaProdutoVenda) => l.codigoInterno ?? '',
                      },
                    ]
                  : []),
                { key: 'rotulo', title: titulo, dataIndex: 'rotulo' },
                ...COLUNAS.map(([c, t]) => ({
                  key: c,
                  title: t,
                  align: 'right' as const,
                  sorter: (a: LinhaProdutoVenda, b: LinhaProdutoVenda) => Number(a[c]) - Number(b[c]),
                  onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
                  render: (_: unknown, l: LinhaProdutoVenda) => textoMedida(c, l[c] ?? 0),
                })),
              ]}
              summary={() => (
                <Table.Summary fixed>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={comCodigo ? 2 : 1}>
                      <strong>Total</strong>
                    </Table.Summary.Cell>
                    {COLUNAS.map(([c], i) => (
                      <Table.Summary.Cell key={c} index={i + (comCodigo ? 2 : 1)} align="right">
                        <strong style={{ whiteSpace: 'nowrap' }} data-testid={`produtos-total-${c}`}>
                          {textoMedida(c, d.totais[c as keyof typeof d.totais])}
                        </strong>
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              )}
            />
          </>
        )}
      </EstadoResposta>
    </Flex>
  );
}
