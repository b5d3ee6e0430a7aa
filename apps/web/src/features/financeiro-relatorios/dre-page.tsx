import { formatarData, formatarMoeda, type LinhaDre, type RelatorioDre } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Row, Statistic, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { GraficoBarras } from '../../lib/graficos/grafico-barras.tsx';
import { BotaoSalvarRelatorio, RelatorioSalvoAberto } from '../relatorios-comum/salvar-relatorio.tsx';
import { AcoesDre, type TabelaExportada } from './acoes.tsx';
import { dreQuery, type FiltroDre, type VersaoDre } from './api.ts';
import { anoAtual, FiltroDreForm, mesAtual, useFiltroDre } from './filtro.tsx';
import {
  type ColunaDre,
  celulasDre,
  colunasDre,
  formatarPercentual,
  type ModoColunas,
  nomeMes,
  rotuloDre,
} from './tabela.ts';

// relatorioFinanceiroPlanoDeContas and relatorioFinanceiroPlanoDeContasTeste (issue 18): the DRE by the chart of
// accounts, by competência or caixa, for the chosen stores together (and per store), the period against the one
// before; the "Teste" version lays the same figures out by month. The tree opens and closes; result lines stand
// between the groups they close.

const periodoTexto = (i: string, f: string) =>
  `${formatarData(`${i}T12:00:00-03:00`)} a ${formatarData(`${f}T12:00:00-03:00`)}`;

function idsComFilhos(linhas: readonly LinhaDre[], ate = Number.POSITIVE_INFINITY, nivel = 0): string[] {
  return linhas.flatMap((l) =>
    l.tipo === 'conta' && l.filhos && nivel < ate ? [l._id, ...idsComFilhos(l.filhos, ate, nivel + 1)] : [],
  );
}

function TelaDre({ versao, titulo }: { versao: VersaoDre; titulo: string }) {
  const meses = versao === 'financeiroPlanoDeContasTeste';
  const [filtro, aplicar] = useFiltroDre(meses ? anoAtual() : mesAtual());
  const consulta: FiltroDre = meses ? { ...filtro, comparar: false, porLoja: false } : filtro;
  const relatorio = useQuery({ ...dreQuery(versao, consulta), enabled: consulta.empresas.length > 0 });
  const d = relatorio.data;
  const modo: ModoColunas = meses ? 'meses' : 'periodo';
  const { token } = theme.useToken();
  // 'todos' is "Expandir tudo" as a choice, not a list: clicked while a new report loads (the previous one still on
  // screen), it opens the new report's nodes too.
  const [abertos, setAbertos] = useState<string[] | 'todos' | null>(null);
  const colunas = useMemo(
    () => (d ? colunasDre(d, modo, consulta.porLoja) : []),
    [d, modo, consulta.porLoja],
  );
  // Until the user opens or closes something, the groups and their first level show.
  const expandidos = !d
    ? []
    : abertos === 'todos'
      ? idsComFilhos(d.linhas)
      : (abertos ?? idsComFilhos(d.linhas, 1));

  function montar(): TabelaExportada | null {
    if (!d) return null;
    const c = celulasDre(d, colunas);
    return {
      arquivo: meses ? 'dre-por-mes' : 'dre-plano-de-contas',
      titulo,
      filtros: [
        `Empresas: ${d.empresas.map((e) => e.descricao).join(', ')}`,
        `Período: ${periodoTexto(d.periodo.inicio, d.periodo.fim)}`,
        `Regime: ${d.regime === 'caixa' ? 'Caixa' : 'Competência'}`,
        ...(d.anterior ? [`Período anterior: ${periodoTexto(d.anterior.inicio, d.anterior.fim)}`] : []),
      ],
      colunas: c.titulos.map((t, i) => ({ titulo: t, direita: i > 0 })),
      linhas: c.texto,
      celulas: c.celulas,
    };
  }

  const cor = (v: string | null | undefined) => (v && Number(v) < 0 ? token.colorError : undefined);
  const colunasTabela: ColumnsType<LinhaDre> = [
    {
      title: 'Conta',
      key: 'conta',
      fixed: 'left',
      width: 340,
      render: (_: unknown, l) =>
        l.tipo === 'resultado' ? <Typography.Text strong>{l.descricao}</Typography.Text> : rotuloDre(l),
    },
    ...colunas.map((c: ColunaDre) => ({
      title: c.titulo,
      key: c.chave,
      align: 'right' as const,
      render: (_: unknown, l: LinhaDre) => {
        const v = c.valor(l);
        // An empty month or store reads better as a dash than as a column of R$ 0,00.
        const zero = c.tipo === 'dinheiro' ? !v || Number(v) === 0 : v === null || v === undefined;
        const texto = zero ? '—' : c.tipo === 'dinheiro' ? formatarMoeda(v ?? '0') : formatarPercentual(v);
        return (
          <span
            style={{
              color: zero ? token.colorTextQuaternary : cor(v),
              fontWeight: l.tipo === 'resultado' || (l.tipo === 'conta' && l.nivel === 0) ? 600 : undefined,
              whiteSpace: 'nowrap',
            }}
          >
            {texto}
          </span>
        );
      },
    })),
  ];

  const raiz = (codigo: string) => d?.linhas.find((l) => l.tipo === 'conta' && l.codigo === codigo);
  const liquido = d?.linhas.find((l) => l._id === 'resultadoLiquido');

  const grafico = d ? (
    meses ? (
      <GraficoBarras
        rotulo="Receitas e resultado líquido por mês"
        corTexto={token.colorTextSecondary}
        corLinha={token.colorBorderSecondary}
        series={[
          { nome: 'Receitas operacionais', cor: token.colorPrimary },
          { nome: 'Resultado líquido', cor: token.colorSuccess },
        ]}
        grupos={d.meses.map((m, i) => ({
          rotulo: nomeMes(m),
          valores: [Number(raiz('1')?.porMes[i] ?? 0), Number(liquido?.porMes[i] ?? 0)],
        }))}
      />
    ) : (
      <GraficoBarras
        rotulo="DRE por grupo do plano de contas"
        corTexto={token.colorTextSecondary}
        corLinha={token.colorBorderSecondary}
        series={[
          { nome: 'Período', cor: token.colorPrimary },
          ...(d.anterior ? [{ nome: 'Período anterior', cor: token.colorPrimary, tenue: true }] : []),
        ]}
        grupos={d.linhas.map((l) => ({
          rotulo: l.tipo === 'conta' ? l.descricao : l.descricao.replace('(=) ', ''),
          valores: [Number(l.valor), ...(d.anterior ? [Number(l.anterior ?? 0)] : [])],
        }))}
      />
    )
  ) : null;

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between" align="start">
        <FiltroDreForm filtro={filtro} aoGerar={aplicar} carregando={relatorio.isFetching} meses={meses} />
        <Flex gap={8} wrap align="center">
          <RelatorioSalvoAberto />
          <BotaoSalvarRelatorio />
          <AcoesDre montar={montar} />
        </Flex>
      </Flex>
      {!d ? (
        <Empty description="Escolha as empresas e o período e clique em Gerar." />
      ) : (
        <>
          <Resumo d={d} />
          <Card size="small">
            {d.linhas.some((l) => l.tipo === 'conta') ? (
              grafico
            ) : (
              <Empty description="Nenhum lançamento no período para este regime." />
            )}
          </Card>
          <Flex gap={8}>
            <Button size="small" onClick={() => setAbertos('todos')}>
              Expandir tudo
            </Button>
            <Button size="small" onClick={() => setAbertos([])}>
              Recolher tudo
            </Button>
          </Flex>
          <Table<LinhaDre>
            data-testid="relatorio-dre"
            size="small"
            rowKey="_id"
            dataSource={d.linhas}
            columns={colunasTabela}
            pagination={false}
            scroll={{ x: 'max-content' }}
            expandable={{
              childrenColumnName: 'filhos',
              expandedRowKeys: expandidos,
              onExpandedRowsChange: (k) => setAbertos(k.map(String)),
            }}
            onRow={(l) => (l.tipo === 'resultado' ? { style: { background: token.colorFillAlter } } : {})}
          />
        </>
      )}
    </Flex>
  );
}

function Resumo({ d }: { d: RelatorioDre }) {
  const liquido = d.linhas.find((l) => l._id === 'resultadoLiquido');
  const margem = liquido?.percentual;
  const cartao = (titulo: string, valor: string, id: string, extra?: string) => (
    <Col xs={12} lg={6}>
      <Card size="small">
        <Statistic title={titulo} value={valor} data-testid={id} />
        {extra && <Typography.Text type="secondary">{extra}</Typography.Text>}
      </Card>
    </Col>
  );
  return (
    <Row gutter={[12, 12]}>
      {cartao('Receita bruta', formatarMoeda(d.receitaBruta), 'dre-receita-bruta')}
      {cartao(
        'Resultado líquido',
        formatarMoeda(d.resultadoLiquido),
        'dre-resultado-liquido',
        liquido?.anterior !== undefined ? `Anterior: ${formatarMoeda(liquido.anterior)}` : undefined,
      )}
      {cartao('Margem líquida', formatarPercentual(margem), 'dre-margem')}
      {cartao(
        'Regime',
        d.regime === 'caixa' ? 'Caixa' : 'Competência',
        'dre-regime',
        `${d.empresas.length} ${d.empresas.length === 1 ? 'loja' : 'lojas'}`,
      )}
    </Row>
  );
}

export function RelatorioPlanoDeContasPage() {
  return <TelaDre versao="financeiroPlanoDeContas" titulo="DRE por Plano de Contas" />;
}

export function RelatorioPlanoDeContasTestePage() {
  return <TelaDre versao="financeiroPlanoDeContasTeste" titulo="DRE por Plano de Contas (por mês)" />;
}
