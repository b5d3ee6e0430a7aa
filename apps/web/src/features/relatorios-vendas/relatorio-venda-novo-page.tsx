import {
  DIMENSOES_VENDA,
  type DimensaoVenda,
  MEDIDAS_SO_VENDA,
  type MedidaVenda,
  type RelatorioVendaNovoResposta,
  ROTULOS_DIMENSAO,
  ROTULOS_MEDIDA,
  validarDimensoes,
} from '@retaguarda/domain';
import { Alert, Flex, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Celula } from '../../lib/exportar/exportar.ts';
import type { TabelaExportavel } from '../../lib/exportar/menu-exportacao.tsx';
import { BarraFiltroRelatorio, useFiltroRelatorio } from '../relatorios-comum/filtro-relatorio.tsx';
import { useRelatorio } from '../relatorios-comum/use-relatorio.ts';
import { buscarRelatorioVendaNovo } from './api.ts';
import { celulaMedida, formatoMedida, medidasDaUrl, opcoesMedidas, textoMedida } from './medidas.ts';
import { useListaUrl, useParametroUrl } from './parametros-url.ts';
import { AcoesRelatorio, EstadoResposta, nomeArquivo, useDescricaoFiltro } from './quadro.tsx';

// relatorioVendaNovo (issue 19): the sales as a pivot the user arranges on screen — up to three row dimensions,
// one column dimension and the measures — with a total per row, per column and overall. The choices live in the
// URL (`agrupamento` = rows, `coluna`, `colunas` = measures), so a saved report reopens arranged as it was.
// Choices the server would refuse (product with terminal...) are greyed out with the domain's reason.

type Celulas = RelatorioVendaNovoResposta['celulas'][number];
const ehDimensao = (v: string): v is DimensaoVenda => (DIMENSOES_VENDA as readonly string[]).includes(v);
const PADRAO: readonly MedidaVenda[] = ['vendas', 'liquido'];
const SEM_COLUNA = '';

export function RelatorioVendaNovoPage() {
  const [filtro, aplicar] = useFiltroRelatorio();
  const [linhasUrl, setLinhas] = useListaUrl('agrupamento');
  const [colunaUrl, setColuna] = useParametroUrl('coluna');
  const [medidasUrl, setMedidas] = useListaUrl('colunas');
  const descrever = useDescricaoFiltro();
  const linhas = linhasUrl.filter(ehDimensao).slice(0, 3);
  const dimLinhas = linhasUrl.length ? linhas : (['empresa'] as DimensaoVenda[]);
  const coluna = colunaUrl && ehDimensao(colunaUrl) ? colunaUrl : null;
  const medidas = medidasDaUrl(medidasUrl, PADRAO);
  const dimensoes = [...dimLinhas, ...(coluna ? [coluna] : [])];
  const recusa = validarDimensoes(dimensoes, medidas);

  const r = useRelatorio({
    relatorio: 'relatorioVendaNovo',
    filtro,
    extra: { linhas: dimLinhas, coluna, medidas },
    buscar: () => buscarRelatorioVendaNovo({ filtro, linhas: dimLinhas, coluna, medidas }),
    habilitado: recusa === null,
  });
  const d = r.dados;

  /** A dimension is offered where adding it keeps the arrangement valid. */
  const opcoesDimensao = (ja: readonly DimensaoVenda[]) =>
    DIMENSOES_VENDA.map((x) => {
      const motivo = ja.includes(x) ? null : validarDimensoes([...ja, x]);
      return { value: x, label: ROTULOS_DIMENSAO[x], disabled: motivo !== null, title: motivo ?? undefined };
    });
  const porProduto = dimensoes.some((x) => x === 'produto' || x === 'grupo' || x === 'familia');

  const rotulo = (dim: DimensaoVenda, chave: string) => d?.rotulos[dim]?.[chave] ?? chave;
  const colunasChave = d?.coluna ? d.colunas : [SEM_COLUNA];
  const blocos = d?.coluna ? [...colunasChave, 'total'] : ['total'];
  const valoresDe = (c: Celulas, bloco: string) => (bloco === 'total' ? c.total : (c.valores[bloco] ?? {}));
  const tituloBloco = (bloco: string) =>
    bloco === 'total' ? 'Total' : d?.coluna ? rotulo(d.coluna, bloco) : '';

  function montar(): TabelaExportavel | null {
    if (!d) return null;
    const cabecalho = [
      ...d.linhas.map((x) => ROTULOS_DIMENSAO[x]),
      ...blocos.flatMap((b) =>
        d.medidas.map((m) => (d.coluna ? `${tituloBloco(b)} · ${ROTULOS_MEDIDA[m]}` : ROTULOS_MEDIDA[m])),
      ),
    ];
    const rotulosLinha = (c: Celulas) => d.linhas.map((x, i) => rotulo(x, c.chaves[i] ?? ''));
    const vazias = Array<string>(Math.max(0, d.linhas.length - 1)).fill('');
    const totais = (f: (b: string, m: MedidaVenda) => string | number | undefined) =>
      blocos.flatMap((b) => d.medidas.map((m) => f(b, m)));
    const totalDe = (b: string, m: MedidaVenda) => (b === 'total' ? d.totalGeral[m] : d.totalColunas[b]?.[m]);
    return {
      titulo: 'Relatório de Vendas (Novo)',
      arquivo: nomeArquivo('relatorio-vendas-dinamico', filtro),
      filtros: [
        ...descrever(filtro),
        `Linhas: ${d.linhas.map((x) => ROTULOS_DIMENSAO[x]).join(', ')}`,
        ...(d.coluna ? [`Colunas: ${ROTULOS_DIMENSAO[d.coluna]}`] : []),
      ],
      colunas: cabecalho.map((titulo, i) => {
        const medida = d.medidas[(i - d.linhas.length) % d.medidas.length];
        return i < d.linhas.length || !medida
          ? { titulo }
          : { titulo, direita: true, formato: formatoMedida(medida) };
      }),
      linhasTotal: 1,
      linhas: d.celulas.map((c) => [
        ...rotulosLinha(c),
        ...totais((b, m) => textoMedida(m, valoresDe(c, b)[m])).map(String),
      ]),
      celulas: [
        ...d.celulas.map((c): Celula[] => [
          ...rotulosLinha(c),
          ...totais((b, m) => celulaMedida(valoresDe(c, b)[m])).map(Number),
        ]),
        ['Total', ...vazias, ...totais((b, m) => celulaMedida(totalDe(b, m))).map(Number)],
      ],
      rodape: [['Total', ...vazias, ...totais((b, m) => textoMedida(m, totalDe(b, m))).map(String)]],
    };
  }

  const colunasTabela: ColumnsType<Celulas> = d
    ? [
        ...d.linhas.map((x, i) => ({
          key: `l-${x}`,
          title: ROTULOS_DIMENSAO[x],
          fixed: 'left' as const,
          render: (_: unknown, c: Celulas) => rotulo(x, c.chaves[i] ?? ''),
        })),
        ...blocos.flatMap((b): ColumnsType<Celulas> => {
          const filhas: ColumnsType<Celulas> = d.medidas.map((m) => ({
            key: `${b}-${m}`,
            title: ROTULOS_MEDIDA[m],
            align: 'right' as const,
            onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
            render: (_: unknown, c: Celulas) => textoMedida(m, valoresDe(c, b)[m]),
          }));
          return d.coluna ? [{ key: `b-${b}`, title: tituloBloco(b), children: filhas }] : filhas;
        }),
      ]
    : [];

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between" align="start">
        <BarraFiltroRelatorio filtro={filtro} aoGerar={aplicar} carregando={r.atualizando} />
        <AcoesRelatorio montar={montar} desabilitado={!d || recusa !== null} />
      </Flex>
      <Flex gap={16} wrap align="center">
        <Flex gap={8} align="center">
          <label htmlFor="pivo-linhas">Linhas</label>
          <Select<DimensaoVenda[]>
            id="pivo-linhas"
            mode="multiple"
            aria-label="Linhas"
            style={{ minWidth: 240, maxWidth: 420 }}
            value={dimLinhas}
            onChange={(v) => setLinhas(v.slice(0, 3))}
            options={opcoesDimensao(coluna ? [...dimLinhas, coluna] : dimLinhas).map((o) =>
              dimLinhas.length >= 3 && !dimLinhas.includes(o.value) ? { ...o, disabled: true } : o,
            )}
          />
        </Flex>
        <Flex gap={8} align="center">
          <label htmlFor="pivo-coluna">Colunas</label>
          <Select<DimensaoVenda>
            id="pivo-coluna"
            aria-label="Coluna"
            allowClear
            placeholder="Nenhuma"
            style={{ width: 180 }}
            value={coluna ?? undefined}
            onChange={(v) => setColuna(v ?? null)}
            options={opcoesDimensao(dimLinhas).filter((o) => !dimLinhas.includes(o.value))}
          />
        </Flex>
        <Flex gap={8} align="center">
          <label htmlFor="pivo-medidas">Medidas</label>
          <Select<MedidaVenda[]>
            id="pivo-medidas"
            mode="multiple"
            aria-label="Medidas"
            style={{ minWidth: 260, maxWidth: 520 }}
            maxTagCount="responsive"
            value={medidas}
            onChange={(v) => v.length && setMedidas(v)}
            options={opcoesMedidas(porProduto ? MEDIDAS_SO_VENDA : [])}
          />
        </Flex>
      </Flex>
      {recusa ? (
        <Alert type="warning" showIcon message={recusa} />
      ) : (
        <EstadoResposta temDados={!!d} erro={r.erro} guardadaEm={r.guardadaEm} atualizando={r.atualizando}>
          {d && (
            <Table<Celulas>
              data-testid="tabela-pivo"
              size="small"
              bordered
              rowKey={(c) => c.chaves.join('|')}
              dataSource={d.celulas}
              loading={r.atualizando}
              scroll={{ x: 'max-content' }}
              pagination={d.celulas.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
              locale={{ emptyText: 'Nenhuma venda no período.' }}
              columns={colunasTabela}
              summary={() => (
                <Table.Summary fixed>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={d.linhas.length}>
                      <strong>Total</strong>
                    </Table.Summary.Cell>
                    {blocos.flatMap((b, bi) =>
                      d.medidas.map((m, mi) => (
                        <Table.Summary.Cell
                          key={`${b}-${m}`}
                          index={d.linhas.length + bi * d.medidas.length + mi}
                          align="right"
                        >
                          <strong
                            style={{ whiteSpace: 'nowrap' }}
                            {...(b === 'total' ? { 'data-testid': `pivo-total-${m}` } : {})}
                          >
                            {textoMedida(m, b === 'total' ? d.totalGeral[m] : d.totalColunas[b]?.[m])}
                          </strong>
                        </Table.Summary.Cell>
                      )),
                    )}
                  </Table.Summary.Row>
                </Table.Summary>
              )}
            />
          )}
        </EstadoResposta>
      )}
    </Flex>
  );
}
