import {
  LeftOutlined,
  ReloadOutlined,
  RightOutlined,
  RollbackOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import {
  escreverCentavos,
  formatarDataHora,
  formatarMoeda,
  lerEstoque,
  type MovimentoKardex,
  type ProdutoEstoque,
  valorDoMovimento,
} from '@retaguarda/domain';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Grid,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSessao } from '../../lib/session/sessao.ts';
import { SeletorEmpresaUsuario, useEmpresasUsuario, useTemPermissao } from '../auth/empresas-usuario.tsx';
import { buscarKardex, kardexQuery, produtosEstoqueQuery } from './api.ts';
import { SeletorProdutoEstoque } from './comum.tsx';
import { type AlvoEstorno, EstornarDialog } from './estornar-dialog.tsx';
import { AcoesExportacao, type TabelaExportada } from './exportacao.tsx';
import { formatarCusto, formatarQuantidade, numeroPlanilha } from './formato.ts';
import {
  cursorDoFim,
  documentoDoMovimento,
  filtrarPeriodo,
  podeSerEstornado,
  totaisDaPagina,
} from './kardex.ts';
import { CartoesKardex } from './kardex-cartoes.tsx';

// relatorioMovimentacaoProdutos (issue 17): the kardex of one product in one store — every move, newest first,
// with its running balance and the average cost after it, a page at a time on the ledger's keyset cursor (a
// store with a million moves opens its first page as fast as an empty one). Store, product and period live in
// the URL, so the position report links here and a page can be shared.

const TAMANHOS = [50, 100, 200];
const LIMITE_EXPORTACAO = 50_000;

/** Exits are shown with a minus sign, except a page without any (no "-0,000"). */
const sinalDeSaida = (valor: string) => (/^[0.]+$/.test(valor) ? '' : '-');

export function KardexPage() {
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const [params, setParams] = useSearchParams();
  const empresa = params.get('empresa') ?? empresaSessao;
  const produtoId = params.get('produto') ?? undefined;
  const inicio = params.get('inicio') ?? undefined;
  const fim = params.get('fim') ?? undefined;
  const limite = TAMANHOS.includes(Number(params.get('limite'))) ? Number(params.get('limite')) : 50;
  // Cursors of the pages seen before this one (the first page has none): "Mais novos" goes back one.
  const [cursores, setCursores] = useState<(string | undefined)[]>([]);
  const [alvo, setAlvo] = useState<AlvoEstorno | null>(null);
  const { empresas } = useEmpresasUsuario();
  const podeEstornar = useTemPermissao(empresa, PERMISSAO.estoqueSaidaManualExcluir);
  // A phone (below md) gets one card per move: the 9-column table scrolled sideways there.
  const estreita = Grid.useBreakpoint().md === false;

  const mudar = (valores: Record<string, string | undefined>) => {
    setCursores([]);
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const [k, v] of Object.entries(valores)) {
          if (v) n.set(k, v);
          else n.delete(k);
        }
        return n;
      },
      { replace: true },
    );
  };

  const produto = useQuery({
    ...produtosEstoqueQuery(empresa ?? '', '', produtoId ? [produtoId] : []),
    enabled: Boolean(empresa && produtoId),
  });
  const p: ProdutoEstoque | null = produto.data?.[0] ?? null;
  const primeiro = cursorDoFim(fim);
  const antesDe = cursores.length ? cursores.at(-1) : primeiro;
  const pagina = useQuery({
    ...kardexQuery(empresa ?? '', produtoId ?? '', antesDe, limite),
    enabled: Boolean(empresa && produtoId),
  });
  const noPeriodo = pagina.data
    ? filtrarPeriodo(pagina.data.itens, pagina.data.proximo, inicio)
    : { itens: [], anterior: null, temMais: false };
  const totais = totaisDaPagina(noPeriodo.itens);
  const unidade = p?.unidade ?? null;
  const un = unidade ? ` ${unidade}` : '';
  const q = (v: string) => `${formatarQuantidade(v, unidade)}${un}`;
  const nomeEmpresa = empresas.find((e) => e._id === empresa)?.descricao ?? '';
  const periodoTexto =
    inicio || fim
      ? `${inicio ? dayjs(inicio).format('DD/MM/YYYY') : 'início'} a ${fim ? dayjs(fim).format('DD/MM/YYYY') : 'hoje'}`
      : 'Todo o histórico';

  async function lerTudo(): Promise<TabelaExportada> {
    const linhas: MovimentoKardex[] = [];
    let cursor = primeiro;
    for (;;) {
      const r = await buscarKardex(empresa ?? '', produtoId ?? '', cursor, 500);
      const parte = filtrarPeriodo(r.itens, r.proximo, inicio);
      linhas.push(...parte.itens);
      if (!parte.temMais || !r.proximo || linhas.length >= LIMITE_EXPORTACAO) break;
      cursor = r.proximo;
    }
    const t = totaisDaPagina(linhas);
    return {
      arquivo: `kardex-${(p?.descricao ?? 'produto').replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}`,
      titulo: 'Movimentação de Produtos (Kardex)',
      filtros: [
        `Empresa: ${nomeEmpresa}`,
        `Produto: ${p?.codigoInterno ?? ''} ${p?.descricao ?? ''}${un}`.trim(),
        `Período: ${periodoTexto}`,
      ],
      colunas: [
        { titulo: 'Data' },
        { titulo: 'Tipo' },
        { titulo: 'Documento' },
        { titulo: 'Motivo' },
        { titulo: 'Quantidade', direita: true },
        { titulo: 'Custo unitário', direita: true },
        { titulo: 'Valor', direita: true },
        { titulo: 'Saldo', direita: true },
        { titulo: 'Custo médio', direita: true },
        { titulo: 'Usuário' },
        { titulo: 'Estornado' },
      ],
      linhas: linhas.map((m) => [
        formatarDataHora(m.data, true),
        m.tipoDescricao,
        documentoDoMovimento(m),
        m.motivo ?? '',
        numeroPlanilha(m.quantidade),
        numeroPlanilha(m.custoUnitario),
        numeroPlanilha(m.valor),
        numeroPlanilha(m.saldoApos),
        numeroPlanilha(m.custoMedioApos),
        m.usuario?.nome ?? '',
        m.estornado ? 'Sim' : '',
      ]),
      linhasImpressas: linhas.map((m) => [
        formatarDataHora(m.data),
        m.tipoDescricao,
        documentoDoMovimento(m),
        m.motivo ?? '',
        formatarQuantidade(m.quantidade, unidade),
        formatarCusto(m.custoUnitario),
        formatarMoeda(m.valor),
        formatarQuantidade(m.saldoApos, unidade),
        formatarCusto(m.custoMedioApos),
        m.usuario?.nome ?? '',
        m.estornado ? 'Sim' : '',
      ]),
      rodape: [
        [
          `${linhas.length} movimentos`,
          '',
          '',
          'Entradas',
          formatarQuantidade(t.entradas, unidade),
          '',
          formatarMoeda(t.valorEntradas),
          '',
          '',
          '',
          '',
        ],
        [
          '',
          '',
          '',
          'Saídas',
          formatarQuantidade(t.saidas, unidade),
          '',
          formatarMoeda(t.valorSaidas),
          '',
          '',
          '',
          '',
        ],
      ],
    };
  }

  const estornar = (m: MovimentoKardex) =>
    setAlvo({
      movimento: m._id,
      descricao: `Estornar ${m.tipoDescricao.toLowerCase()} de ${q(m.quantidade.replace('-', ''))} (${formatarMoeda(m.valor.replace('-', ''))}) de ${formatarDataHora(m.data)}?`,
    });

  const valorEmEstoque = p
    ? escreverCentavos(valorDoMovimento(lerEstoque(p.quantidade), lerEstoque(p.custoMedio)))
    : '0';

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap={12} wrap align="center">
        <Flex gap={8} align="center">
          <label htmlFor="kardex-empresa">Empresa</label>
          <SeletorEmpresaUsuario id="kardex-empresa" valor={empresa} aoMudar={(e) => mudar({ empresa: e })} />
        </Flex>
        <Flex
          gap={8}
          align="center"
          style={estreita ? { width: '100%', minWidth: 0 } : { minWidth: 340, flex: 1, maxWidth: 480 }}
        >
          <label htmlFor="kardex-produto">Produto</label>
          <SeletorProdutoEstoque
            id="kardex-produto"
            empresa={empresa}
            valor={p}
            aoMudar={(novo) => mudar({ produto: novo?._id })}
          />
        </Flex>
        <Flex gap={8} align="center">
          <span>Período</span>
          <DatePicker.RangePicker
            aria-label="Período"
            format="DD/MM/YYYY"
            allowEmpty={[true, true]}
            maxDate={dayjs()}
            value={[inicio ? dayjs(inicio) : null, fim ? dayjs(fim) : null]}
            onChange={(v) =>
              mudar({ inicio: v?.[0]?.format('YYYY-MM-DD'), fim: v?.[1]?.format('YYYY-MM-DD') })
            }
          />
        </Flex>
        <Flex gap={8} align="center">
          {/* Moves written meanwhile (a sale's consumption arrives a moment after it ends): read them again. */}
          <Button
            data-testid="kardex-atualizar"
            icon={<ReloadOutlined />}
            disabled={!produtoId || !empresa}
            loading={pagina.isFetching || produto.isFetching}
            onClick={() => {
              void produto.refetch();
              void pagina.refetch();
            }}
          >
            Atualizar
          </Button>
          <AcoesExportacao ler={lerTudo} desabilitado={!p || noPeriodo.itens.length === 0} />
        </Flex>
      </Flex>

      {!produtoId || !empresa ? (
        <Card>
          <Empty description="Escolha a empresa e o produto para ver a movimentação." />
        </Card>
      ) : (
        <>
          {p && (
            <Card size="small" data-testid="resumo-kardex">
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2, md: 3, lg: 5 }}
                items={[
                  {
                    key: 'produto',
                    label: 'Produto',
                    children: `${p.codigoInterno !== null ? `${p.codigoInterno} · ` : ''}${p.descricao}`,
                  },
                  {
                    key: 'saldo',
                    label: 'Saldo atual',
                    children: <span data-testid="kardex-saldo-atual">{q(p.quantidade)}</span>,
                  },
                  { key: 'medio', label: 'Custo médio', children: formatarCusto(p.custoMedio) },
                  { key: 'valor', label: 'Valor em estoque', children: formatarMoeda(valorEmEstoque) },
                  {
                    key: 'anterior',
                    label: 'Saldo antes do período',
                    children: noPeriodo.anterior ? q(noPeriodo.anterior.saldoApos) : '—',
                  },
                ]}
              />
            </Card>
          )}
          {estreita ? (
            <CartoesKardex
              itens={noPeriodo.itens}
              unidade={unidade}
              totais={totais}
              carregando={pagina.isFetching}
              podeEstornar={podeEstornar}
              aoEstornar={estornar}
              sinalDeSaida={sinalDeSaida}
            />
          ) : (
            <Table<MovimentoKardex>
              size="small"
              rowKey="_id"
              loading={pagina.isFetching}
              dataSource={noPeriodo.itens}
              pagination={false}
              scroll={{ x: 1040 }}
              data-testid="tabela-kardex"
              locale={{ emptyText: 'Nenhum movimento no período.' }}
              columns={[
                {
                  title: 'Data',
                  key: 'data',
                  width: 130,
                  render: (_, m) => (
                    <Flex vertical>
                      <span>{formatarDataHora(m.data)}</span>
                      {m.usuario && (
                        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                          {m.usuario.nome}
                        </Typography.Text>
                      )}
                    </Flex>
                  ),
                },
                {
                  title: 'Tipo',
                  key: 'tipo',
                  width: 150,
                  render: (_, m) => (
                    <Flex gap={4} wrap>
                      <Tag color={m.quantidade.startsWith('-') ? 'error' : 'success'}>{m.tipoDescricao}</Tag>
                      {m.estornado && <Tag color="warning">Estornado</Tag>}
                    </Flex>
                  ),
                },
                {
                  title: 'Documento',
                  key: 'documento',
                  render: (_, m) => (
                    <Flex vertical style={{ minWidth: 0 }}>
                      <Typography.Text ellipsis={{ tooltip: documentoDoMovimento(m) }}>
                        {documentoDoMovimento(m)}
                      </Typography.Text>
                      {m.motivo && (
                        <Typography.Text
                          type="secondary"
                          style={{ fontSize: 12 }}
                          ellipsis={{ tooltip: m.motivo }}
                        >
                          {m.motivo}
                        </Typography.Text>
                      )}
                    </Flex>
                  ),
                },
                {
                  title: 'Quantidade',
                  key: 'quantidade',
                  align: 'right',
                  width: 105,
                  render: (_, m) => {
                    const saida = m.quantidade.startsWith('-');
                    return (
                      <Typography.Text type={saida ? 'danger' : 'success'} data-testid="kardex-quantidade">
                        {saida ? '' : '+'}
                        {formatarQuantidade(m.quantidade, unidade)}
                      </Typography.Text>
                    );
                  },
                },
                {
                  title: 'Custo unit.',
                  key: 'custo',
                  align: 'right',
                  width: 110,
                  render: (_, m) => formatarCusto(m.custoUnitario),
                },
                {
                  title: 'Valor',
                  key: 'valor',
                  align: 'right',
                  width: 115,
                  render: (_, m) => formatarMoeda(m.valor),
                },
                {
                  title: 'Saldo',
                  key: 'saldo',
                  align: 'right',
                  width: 100,
                  render: (_, m) => (
                    <Typography.Text strong data-testid="kardex-saldo">
                      {formatarQuantidade(m.saldoApos, unidade)}
                    </Typography.Text>
                  ),
                },
                {
                  title: 'Custo médio',
                  key: 'medio',
                  align: 'right',
                  width: 110,
                  render: (_, m) => <span data-testid="kardex-medio">{formatarCusto(m.custoMedioApos)}</span>,
                },
                {
                  title: '',
                  key: 'acoes',
                  width: 52,
                  render: (_, m) =>
                    podeEstornar && podeSerEstornado(m) ? (
                      <Tooltip title="Estornar este movimento">
                        <Button
                          size="small"
                          aria-label="Estornar"
                          icon={<RollbackOutlined />}
                          onClick={() => estornar(m)}
                        />
                      </Tooltip>
                    ) : null,
                },
              ]}
              summary={() =>
                noPeriodo.itens.length > 0 && (
                  <Table.Summary fixed>
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0} colSpan={3}>
                        <Typography.Text strong>
                          Totais da página ({noPeriodo.itens.length} movimentos)
                        </Typography.Text>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={3} align="right">
                        <Flex vertical data-testid="kardex-totais-quantidade">
                          <Typography.Text type="success">
                            +{formatarQuantidade(totais.entradas, unidade)}
                          </Typography.Text>
                          <Typography.Text type="danger">
                            {sinalDeSaida(totais.saidas)}
                            {formatarQuantidade(totais.saidas, unidade)}
                          </Typography.Text>
                        </Flex>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={4} />
                      <Table.Summary.Cell index={5} align="right">
                        <Flex vertical data-testid="kardex-totais-valor">
                          <span>{formatarMoeda(totais.valorEntradas)}</span>
                          <span>
                            {sinalDeSaida(totais.valorSaidas)}
                            {formatarMoeda(totais.valorSaidas)}
                          </span>
                        </Flex>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={6} colSpan={3} />
                    </Table.Summary.Row>
                  </Table.Summary>
                )
              }
            />
          )}
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary">
              Página {cursores.length + 1} · mais recentes primeiro
            </Typography.Text>
            <Space wrap>
              <Select
                aria-label="Movimentos por página"
                value={limite}
                onChange={(v: number) => mudar({ limite: String(v) })}
                options={TAMANHOS.map((t) => ({ value: t, label: `${t} por página` }))}
              />
              <Button
                icon={<VerticalRightOutlined />}
                disabled={cursores.length === 0}
                onClick={() => setCursores([])}
              >
                Primeira página
              </Button>
              <Button
                icon={<LeftOutlined />}
                disabled={cursores.length === 0}
                onClick={() => setCursores((c) => c.slice(0, -1))}
              >
                Mais novos
              </Button>
              <Button
                icon={<RightOutlined />}
                iconPlacement="end"
                disabled={!noPeriodo.temMais || !pagina.data?.proximo}
                onClick={() => {
                  const proximo = pagina.data?.proximo;
                  if (proximo) setCursores((c) => [...c, proximo]);
                }}
              >
                Mais antigos
              </Button>
            </Space>
          </Flex>
        </>
      )}
      <EstornarDialog alvo={alvo} aoFechar={() => setAlvo(null)} />
    </Space>
  );
}
