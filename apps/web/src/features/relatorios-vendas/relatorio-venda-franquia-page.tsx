import { formatarMoeda, formatarNumero, type RelatorioVendaFranquiaResposta } from '@retaguarda/domain';
import { Flex, Table } from 'antd';
import type { TabelaExportavel } from '../../lib/exportar/menu-exportacao.tsx';
import { BarraFiltroRelatorio, useFiltroRelatorio } from '../relatorios-comum/filtro-relatorio.tsx';
import { useRelatorio } from '../relatorios-comum/use-relatorio.ts';
import { buscarRelatorioVendaFranquia } from './api.ts';
import { celulaMedida } from './medidas.ts';
import { AcoesRelatorio, CartoesTotais, EstadoResposta, nomeArquivo, useDescricaoFiltro } from './quadro.tsx';

// relatorioVendaFranquia (issue 19): per franchise store the sales, net revenue and average ticket of the period
// with the royalty and advertising-fund percentages the group sets (per store or the group's default) and what
// they come to — what the franchisor bills each month. Only the franchise manager company may open it (the server
// refuses anyone else with the spec's message, shown by the API client).

type Loja = RelatorioVendaFranquiaResposta['lojas'][number];
const pct = (v: string) => `${formatarNumero(v, 2)} %`;

export function RelatorioVendaFranquiaPage() {
  const [filtro, aplicar] = useFiltroRelatorio();
  const descrever = useDescricaoFiltro();
  const r = useRelatorio({
    relatorio: 'relatorioVendaFranquia',
    filtro,
    buscar: () => buscarRelatorioVendaFranquia(filtro),
  });
  const d = r.dados;

  function montar(): TabelaExportavel | null {
    if (!d) return null;
    const t = d.totais;
    return {
      titulo: 'Relatório de Vendas Franquia',
      arquivo: nomeArquivo('relatorio-vendas-franquia', filtro),
      filtros: descrever(filtro),
      colunas: [
        { titulo: 'Loja' },
        { titulo: 'Vendas', direita: true, formato: 'numero' as const },
        { titulo: 'Líquido', direita: true, formato: 'moeda' as const },
        { titulo: 'Ticket médio', direita: true, formato: 'moeda' as const },
        { titulo: 'Royalties %', direita: true, formato: 'numero' as const },
        { titulo: 'Royalties', direita: true, formato: 'moeda' as const },
        { titulo: 'Fundo de propaganda %', direita: true, formato: 'numero' as const },
        { titulo: 'Fundo de propaganda', direita: true, formato: 'moeda' as const },
      ],
      linhasTotal: 1,
      linhas: d.lojas.map((l) => [
        l.empresa.descricao,
        formatarNumero(l.vendas, 0),
        formatarMoeda(l.liquido),
        formatarMoeda(l.ticketMedio),
        pct(l.percentualRoyalties),
        formatarMoeda(l.royalties),
        pct(l.percentualFundoPropaganda),
        formatarMoeda(l.fundoPropaganda),
      ]),
      celulas: [
        ...d.lojas.map((l) => [
          l.empresa.descricao,
          l.vendas,
          celulaMedida(l.liquido),
          celulaMedida(l.ticketMedio),
          celulaMedida(l.percentualRoyalties),
          celulaMedida(l.royalties),
          celulaMedida(l.percentualFundoPropaganda),
          celulaMedida(l.fundoPropaganda),
        ]),
        [
          'Total',
          t.vendas,
          celulaMedida(t.liquido),
          '',
          '',
          celulaMedida(t.royalties),
          '',
          celulaMedida(t.fundoPropaganda),
        ],
      ],
      rodape: [
        [
          'Total',
          formatarNumero(t.vendas, 0),
          formatarMoeda(t.liquido),
          '',
          '',
          formatarMoeda(t.royalties),
          '',
          formatarMoeda(t.fundoPropaganda),
        ],
      ],
    };
  }

  const dinheiro = (titulo: string, campo: 'liquido' | 'ticketMedio' | 'royalties' | 'fundoPropaganda') => ({
    key: campo,
    title: titulo,
    align: 'right' as const,
    onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
    render: (_: unknown, l: Loja) => formatarMoeda(l[campo]),
  });

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between" align="start">
        <BarraFiltroRelatorio filtro={filtro} aoGerar={aplicar} carregando={r.atualizando} />
        <AcoesRelatorio montar={montar} desabilitado={!d} />
      </Flex>
      <EstadoResposta temDados={!!d} erro={r.erro} guardadaEm={r.guardadaEm} atualizando={r.atualizando}>
        {d && (
          <>
            <CartoesTotais
              cartoes={[
                { titulo: 'Lojas', valor: String(d.lojas.length), testId: 'total-lojas' },
                { titulo: 'Líquido', valor: formatarMoeda(d.totais.liquido), testId: 'total-liquido' },
                { titulo: 'Royalties', valor: formatarMoeda(d.totais.royalties), testId: 'total-royalties' },
                {
                  titulo: 'Fundo de propaganda',
                  valor: formatarMoeda(d.totais.fundoPropaganda),
                  testId: 'total-fundo',
                },
              ]}
            />
            <Table<Loja>
              data-testid="tabela-franquia"
              size="small"
              rowKey={(l) => l.empresa._id}
              dataSource={d.lojas}
              loading={r.atualizando}
              pagination={false}
              locale={{ emptyText: 'Nenhuma venda das lojas franqueadas no período.' }}
              columns={[
                { key: 'loja', title: 'Loja', render: (_, l) => l.empresa.descricao },
                {
                  key: 'vendas',
                  title: 'Vendas',
                  align: 'right',
                  render: (_, l) => formatarNumero(l.vendas, 0),
                },
                dinheiro('Líquido', 'liquido'),
                dinheiro('Ticket médio', 'ticketMedio'),
                {
                  key: 'pr',
                  title: 'Royalties %',
                  align: 'right',
                  render: (_, l) => pct(l.percentualRoyalties),
                },
                dinheiro('Royalties', 'royalties'),
                {
                  key: 'pf',
                  title: 'Fundo de propaganda %',
                  align: 'right',
                  render: (_, l) => pct(l.percentualFundoPropaganda),
                },
                dinheiro('Fundo de propaganda', 'fundoPropaganda'),
              ]}
              summary={() => (
                <Table.Summary fixed>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>
                      <strong>Total</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      <strong>{formatarNumero(d.totais.vendas, 0)}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right">
                      <strong style={{ whiteSpace: 'nowrap' }}>{formatarMoeda(d.totais.liquido)}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3} colSpan={2} />
                    <Table.Summary.Cell index={5} align="right">
                      <strong data-testid="franquia-total-royalties" style={{ whiteSpace: 'nowrap' }}>
                        {formatarMoeda(d.totais.royalties)}
                      </strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={6} />
                    <Table.Summary.Cell index={7} align="right">
                      <strong style={{ whiteSpace: 'nowrap' }}>
                        {formatarMoeda(d.totais.fundoPropaganda)}
                      </strong>
                    </Table.Summary.Cell>
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
