import {
  formatarData,
  formatarMoeda,
  lerDinheiro,
  type PosicaoEstoque,
  type ValorEstoqueEmpresa,
} from '@retaguarda/domain';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { useQuery } from '@tanstack/react-query';
import {
  Card,
  Col,
  Flex,
  Input,
  Row,
  Select,
  Statistic,
  Switch,
  Table,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSessao } from '../../lib/session/sessao.ts';
import { useEmpresasUsuario, useTemPermissao } from '../auth/empresas-usuario.tsx';
import { buscarPosicao, type ConsultaPosicao, posicaoQuery, valorPorEmpresaQuery } from './api.ts';
import { AcoesExportacao, type TabelaExportada } from './exportacao.tsx';
import { formatarCusto, formatarQuantidade, numeroPlanilha } from './formato.ts';

// relatorioEstoqueProduto (issue 17): the stock position and its value per store — each product's balance at
// the cost the store's tipoCusto chooses (average, last purchase or registered cost), the grand total, the
// value of each store side by side, and a click on a product opens its kardex. Filters live in the URL.

const TAMANHOS = [50, 100, 200, 500];
const LIMITE_EXPORTACAO = 100_000;

function useConsulta(): [ConsultaPosicao, (m: Partial<ConsultaPosicao>) => void, boolean] {
  const [params, setParams] = useSearchParams();
  const { empresas, carregando } = useEmpresasUsuario();
  const escolhidas = params.getAll('empresa');
  const consulta: ConsultaPosicao = {
    // By default every store of the user: the chart compares them.
    empresa: escolhidas.length ? escolhidas : empresas.map((e) => e._id),
    busca: params.get('busca') ?? '',
    somenteComSaldo: params.get('saldo') !== 'todos',
    pagina: Math.max(1, Number(params.get('pagina')) || 1),
    limite: TAMANHOS.includes(Number(params.get('limite'))) ? Number(params.get('limite')) : 50,
  };
  const mudar = (m: Partial<ConsultaPosicao>) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        const c = { ...consulta, pagina: 1, ...m };
        n.delete('empresa');
        for (const e of c.empresa) n.append('empresa', e);
        if (c.busca.trim()) n.set('busca', c.busca.trim());
        else n.delete('busca');
        if (c.somenteComSaldo) n.delete('saldo');
        else n.set('saldo', 'todos');
        n.set('pagina', String(c.pagina));
        n.set('limite', String(c.limite));
        return n;
      },
      { replace: true },
    );
  return [consulta, mudar, carregando && escolhidas.length === 0];
}

export function PosicaoEstoquePage() {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const { empresas } = useEmpresasUsuario();
  const [consulta, mudar, esperando] = useConsulta();
  const [busca, setBusca] = useState(consulta.busca);
  const podeAbrirKardex = useTemPermissao(empresaSessao, PERMISSAO.relatorioMovimentacaoProdutosAcessar);
  const habilitada = !esperando && consulta.empresa.length > 0;
  const posicao = useQuery({ ...posicaoQuery(consulta), enabled: habilitada });
  const filtro = {
    empresa: consulta.empresa,
    busca: consulta.busca,
    somenteComSaldo: consulta.somenteComSaldo,
  };
  const porEmpresa = useQuery({ ...valorPorEmpresaQuery(filtro), enabled: habilitada });
  const nomes = new Map(empresas.map((e) => [e._id, e.nomeFantasia || e.descricao]));

  async function lerTudo(): Promise<TabelaExportada> {
    const itens: PosicaoEstoque[] = [];
    for (let pagina = 1; itens.length < LIMITE_EXPORTACAO; pagina++) {
      const r = await buscarPosicao({ ...consulta, pagina, limite: 1000 });
      itens.push(...r.itens);
      if (r.itens.length < 1000 || itens.length >= r.total) break;
    }
    return {
      arquivo: 'estoque-por-produto',
      titulo: 'Estoque por Produto',
      filtros: [
        `Empresas: ${consulta.empresa.map((e) => nomes.get(e) ?? e).join(', ')}`,
        ...(consulta.busca ? [`Busca: ${consulta.busca}`] : []),
        consulta.somenteComSaldo ? 'Somente produtos com saldo' : 'Todos os produtos movimentados',
      ],
      colunas: [
        { titulo: 'Produto' },
        { titulo: 'Código', direita: true },
        { titulo: 'Unidade' },
        { titulo: 'Empresa' },
        { titulo: 'Quantidade', direita: true },
        { titulo: 'Custo', direita: true },
        { titulo: 'Valor', direita: true },
        { titulo: 'Última movimentação' },
      ],
      linhas: itens.map((i) => [
        i.produto.descricao,
        i.produto.codigoInterno ?? '',
        i.produto.unidade ?? '',
        i.empresa.descricao,
        numeroPlanilha(i.quantidade),
        numeroPlanilha(i.custo),
        numeroPlanilha(i.valor),
        i.ultimaData ? formatarData(i.ultimaData) : '',
      ]),
      linhasImpressas: itens.map((i) => [
        i.produto.descricao,
        i.produto.codigoInterno === null ? '' : String(i.produto.codigoInterno),
        i.produto.unidade ?? '',
        i.empresa.descricao,
        formatarQuantidade(i.quantidade, i.produto.unidade),
        formatarCusto(i.custo),
        formatarMoeda(i.valor),
        i.ultimaData ? formatarData(i.ultimaData) : '',
      ]),
      rodape: [
        [
          `${itens.length} linhas`,
          '',
          '',
          '',
          '',
          'Total',
          formatarMoeda(posicao.data?.valorTotal ?? '0'),
          '',
        ],
      ],
    };
  }

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap align="center">
        <Flex gap={8} align="center" style={{ minWidth: 320, flex: 1, maxWidth: 560 }}>
          <label htmlFor="posicao-empresas">Empresas</label>
          <Select
            id="posicao-empresas"
            mode="multiple"
            aria-label="Empresas"
            style={{ flex: 1 }}
            maxTagCount="responsive"
            value={consulta.empresa}
            onChange={(empresa: string[]) => mudar({ empresa })}
            options={empresas.map((e) => ({ value: e._id, label: e.nomeFantasia || e.descricao }))}
          />
        </Flex>
        <Input.Search
          id="posicao-busca"
          aria-label="Buscar produto"
          placeholder="Buscar produto"
          allowClear
          style={{ width: 260 }}
          value={busca}
          onChange={(e) => setBusca(e.target.value)}
          onSearch={(v) => mudar({ busca: v })}
        />
        <Flex gap={8} align="center">
          <Switch
            id="posicao-com-saldo"
            checked={consulta.somenteComSaldo}
            onChange={(somenteComSaldo) => mudar({ somenteComSaldo })}
          />
          <label htmlFor="posicao-com-saldo">Somente com saldo</label>
        </Flex>
        <AcoesExportacao ler={lerTudo} desabilitado={!posicao.data?.total} />
      </Flex>

      <Row gutter={[16, 16]}>
        <Col xs={24} md={8} lg={6}>
          <Card size="small" style={{ height: '100%' }}>
            <Flex vertical gap={12}>
              <Statistic
                title="Valor total em estoque"
                value={formatarMoeda(posicao.data?.valorTotal ?? '0')}
                loading={posicao.isPending && habilitada}
                data-testid="posicao-valor-total"
              />
              <Statistic title="Linhas (produto × empresa)" value={posicao.data?.total ?? 0} />
            </Flex>
          </Card>
        </Col>
        <Col xs={24} md={16} lg={18}>
          <Card size="small" title="Valor por empresa" style={{ height: '100%' }}>
            <GraficoEmpresas
              dados={porEmpresa.data ?? []}
              corBarra={token.colorPrimary}
              corTrilho={token.colorFillTertiary}
              aoEscolher={(empresa) => mudar({ empresa: [empresa] })}
            />
          </Card>
        </Col>
      </Row>

      <Table<PosicaoEstoque>
        size="small"
        rowKey={(i) => `${i.empresa._id}:${i.produto._id}`}
        loading={posicao.isFetching}
        dataSource={posicao.data?.itens ?? []}
        scroll={{ x: 1000 }}
        data-testid="tabela-posicao"
        locale={{ emptyText: 'Nenhum produto com estoque neste filtro.' }}
        onRow={(i) =>
          podeAbrirKardex
            ? {
                style: { cursor: 'pointer' },
                title: 'Abrir a movimentação (kardex) deste produto',
                onClick: () =>
                  navigate(
                    `/relatorioMovimentacaoProdutos?empresa=${i.empresa._id}&produto=${i.produto._id}`,
                  ),
              }
            : {}
        }
        pagination={{
          current: consulta.pagina,
          pageSize: consulta.limite,
          total: posicao.data?.total ?? 0,
          pageSizeOptions: TAMANHOS,
          showSizeChanger: true,
          showTotal: (t) => `${t} ${t === 1 ? 'linha' : 'linhas'}`,
          onChange: (pagina, limite) => mudar({ pagina: limite === consulta.limite ? pagina : 1, limite }),
        }}
        columns={[
          {
            title: 'Produto',
            key: 'produto',
            ellipsis: true,
            render: (_, i) =>
              podeAbrirKardex ? (
                <Typography.Link>{i.produto.descricao}</Typography.Link>
              ) : (
                i.produto.descricao
              ),
          },
          {
            title: 'Código',
            key: 'codigo',
            width: 90,
            align: 'right',
            render: (_, i) => i.produto.codigoInterno,
          },
          { title: 'Unidade', key: 'unidade', width: 80, render: (_, i) => i.produto.unidade },
          {
            title: 'Empresa',
            key: 'empresa',
            width: 180,
            ellipsis: true,
            render: (_, i) => i.empresa.descricao,
          },
          {
            title: 'Quantidade',
            key: 'quantidade',
            width: 120,
            align: 'right',
            render: (_, i) => (
              <Typography.Text
                type={i.quantidade.startsWith('-') ? 'danger' : undefined}
                data-testid="posicao-quantidade"
              >
                {formatarQuantidade(i.quantidade, i.produto.unidade)}
              </Typography.Text>
            ),
          },
          {
            title: 'Custo',
            key: 'custo',
            width: 120,
            align: 'right',
            render: (_, i) => (
              <Tooltip
                title={`Custo médio ${formatarCusto(i.custoMedio)}${i.ultimoCusto ? ` · último ${formatarCusto(i.ultimoCusto)}` : ''}`}
              >
                {formatarCusto(i.custo)}
              </Tooltip>
            ),
          },
          {
            title: 'Valor',
            key: 'valor',
            width: 130,
            align: 'right',
            render: (_, i) => <span data-testid="posicao-valor">{formatarMoeda(i.valor)}</span>,
          },
          {
            title: 'Última mov.',
            key: 'ultima',
            width: 110,
            render: (_, i) => (i.ultimaData ? formatarData(i.ultimaData) : ''),
          },
        ]}
      />
    </Flex>
  );
}

/** Horizontal bars of the stock value of each store (no chart library: a few divs in the theme's colours). */
function GraficoEmpresas({
  dados,
  corBarra,
  corTrilho,
  aoEscolher,
}: {
  dados: readonly ValorEstoqueEmpresa[];
  corBarra: string;
  corTrilho: string;
  aoEscolher: (empresa: string) => void;
}) {
  const maior = Math.max(1, ...dados.map((d) => lerDinheiro(d.valor)));
  // Largest first: the chart answers "where is my stock money".
  const ordem = [...dados].sort((a, b) => lerDinheiro(b.valor) - lerDinheiro(a.valor));
  if (!dados.length) return <Typography.Text type="secondary">Sem empresas no filtro.</Typography.Text>;
  return (
    <ul
      data-testid="grafico-empresas"
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      {ordem.map((d) => {
        const largura = (Math.max(0, lerDinheiro(d.valor)) / maior) * 100;
        return (
          <li key={d.empresa._id}>
            <Tooltip title={`Mostrar só ${d.empresa.descricao}`}>
              <button
                type="button"
                onClick={() => aoEscolher(d.empresa._id)}
                aria-label={`${d.empresa.descricao}: ${formatarMoeda(d.valor)} em ${d.produtos} produtos`}
                style={{
                  background: 'none',
                  border: 0,
                  padding: 0,
                  font: 'inherit',
                  color: 'inherit',
                  textAlign: 'left',
                  width: '100%',
                  cursor: 'pointer',
                  display: 'grid',
                  gridTemplateColumns: 'minmax(120px, 200px) 1fr minmax(110px, auto)',
                  alignItems: 'center',
                  gap: 12,
                }}
              >
                <Typography.Text ellipsis>{d.empresa.descricao}</Typography.Text>
                <div style={{ background: corTrilho, borderRadius: 4, height: 14 }}>
                  <div
                    style={{
                      background: corBarra,
                      borderRadius: 4,
                      height: '100%',
                      width: `${largura}%`,
                      minWidth: largura > 0 ? 2 : 0,
                    }}
                  />
                </div>
                <Typography.Text strong style={{ textAlign: 'right' }}>
                  {formatarMoeda(d.valor)}
                </Typography.Text>
              </button>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}
