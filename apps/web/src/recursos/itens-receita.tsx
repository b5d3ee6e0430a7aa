import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type CustosIngredientesResposta,
  custoDaReceita,
  formatarMoeda,
  formatarNumero,
  margemSobrePreco,
} from '@retaguarda/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Input, Table, Typography } from 'antd';
import { useMemo } from 'react';
import type { PropsCampo } from '../features/recursos/campo-formulario.tsx';
import { SeletorReferencia } from '../features/recursos/seletor-referencia.tsx';
import { chaves } from '../lib/api/chaves.ts';
import { api } from '../lib/api/cliente.ts';

// The ingredients of a recipe (estoqueFichaTecnica.itens) as a table, priced live: each line's gross quantity
// (net × correction factor) and cost, the total, the cost per yielded unit and the margin over the product's
// price, computed by the domain's custoDaReceita (the function the server's getProdutoIngredientesReceitaCusto
// runs) with the unit costs the server answers for these ingredients (custoDosIngredientes).

interface Linha {
  produto?: string | null;
  quantidade?: string | null;
  fatorCorrecao?: string | null;
  marcado?: boolean;
  selecionado?: boolean;
  [outro: string]: unknown;
}

const chavesReceita = {
  custos: (produto: string, ingredientes: readonly string[]) =>
    [...chaves.todas, 'estoque', 'custosReceita', produto, ingredientes] as const,
};

const idDe = (v: unknown): string =>
  typeof v === 'string' ? v : v && typeof v === 'object' ? String((v as { _id?: unknown })._id ?? '') : '';
/** Stored with a dot, shown with the comma the user typed. */
const mostrar = (v: unknown) => (v === undefined || v === null ? '' : String(v).replace('.', ','));

export function ItensReceita({ valor, onChange, erros, somenteLeitura, raiz, caminho }: PropsCampo) {
  const linhas = useMemo(() => (Array.isArray(valor) ? (valor as Linha[]) : []), [valor]);
  const produto = idDe(raiz?.produtoGeral);
  const ingredientes = useMemo(
    () => [...new Set(linhas.map((l) => idDe(l.produto)).filter(Boolean))].sort(),
    [linhas],
  );
  const custos = useQuery({
    queryKey: chavesReceita.custos(produto, ingredientes),
    queryFn: () =>
      api.post<CustosIngredientesResposta>(
        'getCustoIngredientesReceita',
        { ...(produto ? { produto } : {}), ingredientes },
        { acao: 'ao obter os custos dos ingredientes' },
      ),
    enabled: Boolean(produto) || ingredientes.length > 0,
    placeholderData: keepPreviousData,
  });
  const porId = useMemo(
    () => new Map((custos.data?.ingredientes ?? []).map((i) => [i._id, i])),
    [custos.data],
  );
  const calculo = useMemo(() => {
    const mapa = new Map<string, string>();
    for (const [id, i] of porId) if (i.custo !== null) mapa.set(id, i.custo);
    return custoDaReceita(
      {
        rendimento: typeof raiz?.rendimento === 'string' ? raiz.rendimento : null,
        itens: linhas.map((l) => ({
          produto: idDe(l.produto),
          quantidade: String(l.quantidade ?? ''),
          fatorCorrecao: l.fatorCorrecao ? String(l.fatorCorrecao) : null,
        })),
      },
      mapa,
    );
  }, [linhas, porId, raiz?.rendimento]);
  const preco = custos.data?.produto?.preco ?? null;
  const margem = margemSobrePreco(calculo.custoPorUnidade, preco);

  const mudar = (i: number, campo: keyof Linha, v: unknown) =>
    onChange(linhas.map((l, j) => (j === i ? { ...l, [campo]: v } : l)));
  const erro = (i: number, campo: string) => erros[`${caminho}.${i}.${campo}`];
  const semCusto = calculo.linhas.filter((l, i) => l.semCusto && idDe(linhas[i]?.produto)).length;

  return (
    <Flex vertical gap={8}>
      <Table<Linha & { indice: number }>
        size="small"
        pagination={false}
        rowKey="indice"
        dataSource={linhas.map((l, indice) => ({ ...l, indice }))}
        locale={{ emptyText: 'Nenhum ingrediente. Adicione o primeiro.' }}
        scroll={{ x: 680 }}
        columns={[
          {
            title: 'Ingrediente',
            key: 'produto',
            width: 220,
            render: (_, l) => (
              <>
                <SeletorReferencia
                  id={`campo-${caminho}-${l.indice}-produto`}
                  tabela="produtoGeral"
                  valor={idDe(l.produto) || null}
                  desabilitado={somenteLeitura}
                  status={erro(l.indice, 'produto') ? 'error' : undefined}
                  placeholder="Pesquisar ingrediente..."
                  onChange={(v) => mudar(l.indice, 'produto', v)}
                />
                {erro(l.indice, 'produto') && (
                  <Typography.Text type="danger">{erro(l.indice, 'produto')}</Typography.Text>
                )}
              </>
            ),
          },
          {
            title: 'Qtd. líquida',
            key: 'quantidade',
            width: 110,
            render: (_, l) => (
              <>
                <Input
                  id={`campo-${caminho}-${l.indice}-quantidade`}
                  aria-label={`Quantidade líquida do ingrediente ${l.indice + 1}`}
                  inputMode="decimal"
                  disabled={somenteLeitura}
                  status={erro(l.indice, 'quantidade') ? 'error' : undefined}
                  value={mostrar(l.quantidade)}
                  suffix={porId.get(idDe(l.produto))?.unidade ?? undefined}
                  onChange={(e) => mudar(l.indice, 'quantidade', e.target.value.replace(',', '.'))}
                />
                {erro(l.indice, 'quantidade') && (
                  <Typography.Text type="danger">{erro(l.indice, 'quantidade')}</Typography.Text>
                )}
              </>
            ),
          },
          {
            title: 'Fator corr.',
            key: 'fatorCorrecao',
            width: 92,
            render: (_, l) => (
              <>
                <Input
                  id={`campo-${caminho}-${l.indice}-fatorCorrecao`}
                  aria-label={`Fator de correção do ingrediente ${l.indice + 1}`}
                  inputMode="decimal"
                  disabled={somenteLeitura}
                  status={erro(l.indice, 'fatorCorrecao') ? 'error' : undefined}
                  value={mostrar(l.fatorCorrecao)}
                  onChange={(e) => mudar(l.indice, 'fatorCorrecao', e.target.value.replace(',', '.'))}
                />
                {erro(l.indice, 'fatorCorrecao') && (
                  <Typography.Text type="danger">{erro(l.indice, 'fatorCorrecao')}</Typography.Text>
                )}
              </>
            ),
          },
          {
            title: 'Qtd. bruta',
            key: 'bruta',
            align: 'right',
            render: (_, l) => {
              const c = calculo.linhas[l.indice];
              return c && !c.incompleta ? formatarNumero(c.quantidadeBruta, 3) : '—';
            },
          },
          {
            title: 'Custo unit.',
            key: 'custoUnitario',
            align: 'right',
            render: (_, l) => {
              const c = calculo.linhas[l.indice];
              if (!idDe(l.produto) || !c) return '—';
              return c.semCusto ? (
                <Typography.Text type="warning">sem custo</Typography.Text>
              ) : (
                formatarMoeda(c.custoUnitario)
              );
            },
          },
          {
            title: 'Custo',
            key: 'custoLinha',
            align: 'right',
            render: (_, l) => {
              const c = calculo.linhas[l.indice];
              return (
                <span data-testid={`custo-linha-${l.indice}`}>
                  {c && !c.incompleta && idDe(l.produto) ? formatarMoeda(c.custoLinha) : '—'}
                </span>
              );
            },
          },
          {
            title: '',
            key: 'acoes',
            width: 40,
            render: (_, l) =>
              !somenteLeitura && (
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Remover ingrediente ${l.indice + 1}`}
                  onClick={() => onChange(linhas.filter((_, j) => j !== l.indice))}
                />
              ),
          },
        ]}
      />
      {!somenteLeitura && (
        <Button
          icon={<PlusOutlined />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() =>
            onChange([
              ...linhas,
              { produto: null, quantidade: '', fatorCorrecao: '1', marcado: false, selecionado: false },
            ])
          }
        >
          Adicionar ingrediente
        </Button>
      )}
      {semCusto > 0 && (
        <Alert
          type="warning"
          showIcon
          title={
            semCusto === 1
              ? 'Um ingrediente não tem custo cadastrado: ele conta como zero.'
              : `${semCusto} ingredientes não têm custo cadastrado: eles contam como zero.`
          }
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 3 }}
        data-testid="custo-receita"
        items={[
          {
            key: 'total',
            label: 'Custo total',
            children: <span data-testid="custo-total">{formatarMoeda(calculo.custoTotal)}</span>,
          },
          {
            key: 'rendimento',
            label: 'Rendimento',
            children: `${formatarNumero(calculo.rendimento, 2)} un.`,
          },
          {
            key: 'unidade',
            label: 'Custo por unidade',
            children: <span data-testid="custo-unidade">{formatarMoeda(calculo.custoPorUnidade)}</span>,
          },
          { key: 'preco', label: 'Preço de venda', children: preco === null ? '—' : formatarMoeda(preco) },
          {
            key: 'margem',
            label: 'Margem',
            children: (
              <Typography.Text
                data-testid="margem"
                type={margem === null ? undefined : Number(margem) < 0 ? 'danger' : 'success'}
              >
                {margem === null ? '—' : `${formatarNumero(margem, 2)}%`}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Flex>
  );
}
