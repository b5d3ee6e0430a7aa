import type { ListaProdutosVendidosResposta } from '@retaguarda/domain';
import { Flex, Table } from 'antd';
import type { TabelaExportavel } from '../../lib/exportar/menu-exportacao.tsx';
import { BarraFiltroRelatorio, useFiltroRelatorio } from '../relatorios-comum/filtro-relatorio.tsx';
import { useRelatorio } from '../relatorios-comum/use-relatorio.ts';
import { buscarListaProdutosVendidos } from './api.ts';
import { celulaMedida, textoMedida } from './medidas.ts';
import { AcoesRelatorio, CartoesTotais, EstadoResposta, nomeArquivo, useDescricaoFiltro } from './quadro.tsx';

// listaProdutosVendidos (issue 19): the plain list of what was sold in the period — code, product, unit, quantity
// and net value — the one the kitchen manager prints to count the day or order supplies.

type Produto = ListaProdutosVendidosResposta['produtos'][number];

export function ListaProdutosVendidosPage() {
  const [filtro, aplicar] = useFiltroRelatorio();
  const descrever = useDescricaoFiltro();
  const r = useRelatorio({
    relatorio: 'listaProdutosVendidos',
    filtro,
    buscar: () => buscarListaProdutosVendidos(filtro),
  });
  const d = r.dados;

  function montar(): TabelaExportavel | null {
    if (!d) return null;
    return {
      titulo: 'Lista de Produtos Vendidos',
      arquivo: nomeArquivo('produtos-vendidos', filtro),
      filtros: descrever(filtro),
      colunas: [
        { titulo: 'Código', formato: 'texto' },
        { titulo: 'Produto' },
        { titulo: 'Unidade' },
        { titulo: 'Quantidade', direita: true, formato: 'numero' },
        { titulo: 'Líquido', direita: true, formato: 'moeda' },
      ],
      linhasTotal: 1,
      linhas: d.produtos.map((p) => [
        p.codigoInterno ?? '',
        p.descricao,
        p.unidade ?? '',
        textoMedida('quantidade', p.quantidade),
        textoMedida('liquido', p.liquido),
      ]),
      celulas: [
        ...d.produtos.map((p) => [
          p.codigoInterno ?? '',
          p.descricao,
          p.unidade ?? '',
          celulaMedida(p.quantidade),
          celulaMedida(p.liquido),
        ]),
        ['', 'Total', '', celulaMedida(d.totais.quantidade), celulaMedida(d.totais.liquido)],
      ],
      rodape: [
        [
          '',
          'Total',
          '',
          textoMedida('quantidade', d.totais.quantidade),
          textoMedida('liquido', d.totais.liquido),
        ],
      ],
    };
  }

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
                { titulo: 'Produtos', valor: String(d.produtos.length), testId: 'total-produtos' },
                {
                  titulo: 'Quantidade',
                  valor: textoMedida('quantidade', d.totais.quantidade),
                  testId: 'total-quantidade',
                },
                {
                  titulo: 'Líquido',
                  valor: textoMedida('liquido', d.totais.liquido),
                  testId: 'total-liquido',
                },
              ]}
            />
            <Table<Produto>
              data-testid="tabela-produtos-vendidos"
              size="small"
              rowKey="_id"
              dataSource={d.produtos}
              loading={r.atualizando}
              pagination={d.produtos.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
              locale={{ emptyText: 'Nenhum produto vendido no período.' }}
              columns={[
                { key: 'codigo', title: 'Código', render: (_, p) => p.codigoInterno ?? '', width: 110 },
                { key: 'descricao', title: 'Produto', dataIndex: 'descricao' },
                { key: 'unidade', title: 'Unidade', render: (_, p) => p.unidade ?? '', width: 90 },
                {
                  key: 'quantidade',
                  title: 'Quantidade',
                  align: 'right',
                  sorter: (a, b) => Number(a.quantidade) - Number(b.quantidade),
                  render: (_, p) => textoMedida('quantidade', p.quantidade),
                },
                {
                  key: 'liquido',
                  title: 'Líquido',
                  align: 'right',
                  sorter: (a, b) => Number(a.liquido) - Number(b.liquido),
                  onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                  render: (_, p) => textoMedida('liquido', p.liquido),
                },
              ]}
              summary={() => (
                <Table.Summary fixed>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={3}>
                      <strong>Total</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3} align="right">
                      <strong>{textoMedida('quantidade', d.totais.quantidade)}</strong>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={4} align="right">
                      <strong data-testid="lista-total-liquido" style={{ whiteSpace: 'nowrap' }}>
                        {textoMedida('liquido', d.totais.liquido)}
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
