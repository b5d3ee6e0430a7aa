import {
  escreverCentavos,
  type GerarPedidosSugestao,
  type LinhaSugestaoPedido,
  lerEstoque,
  type PedidoGeradoSugestao,
  type SugestaoPedido,
  valorSugestao,
} from '@retaguarda/domain';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { novoId } from '../../lib/ids/novo-id.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { useEmpresasUsuario, useTemPermissao } from '../auth/empresas-usuario.tsx';
import {
  type ConsultaSugestao,
  chavesSugestao,
  fornecedoresQuery,
  gerarPedidosSugestao,
  sugestaoQuery,
} from './api.ts';

// estoqueSugestaoPedido (issue 17): per product the store controls, what to buy from its supplier so the stock
// reaches the maximum at the end of the lead time (or covers the consumption of the lead time + the coverage
// days), from the consumption of the last N weeks, the balance and the open orders. The quantities (in the
// supplier's unit) can be changed; one click makes one draft purchase order per supplier.

const moeda = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const numero = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
const qtd = (v: string | null, unidade?: string | null) =>
  v === null ? '—' : `${numero.format(Number(v))}${unidade ? ` ${unidade}` : ''}`;

/** '1,5' / '1.5' -> '1.5'; null when not a decimal ≥ 0 of at most 6 places. */
export function quantidadeDigitada(texto: string): string | null {
  const t = texto.trim().replace(',', '.');
  if (t === '') return '0';
  return /^\d{1,9}(\.\d{1,6})?$/.test(t) ? t : null;
}

type LinhaEditavel = LinhaSugestaoPedido & { digitado: string };

export function SugestaoPedidoPage() {
  const inicial = useSessao((s) => s.empresa?._id);
  const [empresa, setEmpresa] = useState(inicial);
  const [fornecedor, setFornecedor] = useState<string | undefined>();
  const [semanas, setSemanas] = useState(4);
  const [diasCobertura, setDiasCobertura] = useState(7);
  const [consulta, setConsulta] = useState<ConsultaSugestao | null>(null);
  const { empresas, carregando } = useEmpresasUsuario();
  const fornecedores = useQuery({ ...fornecedoresQuery(empresa ?? ''), enabled: Boolean(empresa) });
  const sugestao = useQuery({
    ...sugestaoQuery(consulta ?? { empresa: '', semanas: 4, diasCobertura: 7, rodada: 0 }),
    enabled: consulta !== null,
  });
  const podeManter = useTemPermissao(consulta?.empresa, PERMISSAO.estoqueSugestaoPedidoManter);
  const podeIncluirPedido = useTemPermissao(consulta?.empresa, PERMISSAO.estoquePedidoCompraIncluir);
  const podeGerar = podeManter && podeIncluirPedido;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Form
        layout="inline"
        onFinish={() =>
          empresa &&
          setConsulta((c) => ({ empresa, fornecedor, semanas, diasCobertura, rodada: (c?.rodada ?? 0) + 1 }))
        }
      >
        <Form.Item label="Empresa" htmlFor="sugestao-empresa">
          <Select
            id="sugestao-empresa"
            aria-label="Empresa"
            style={{ minWidth: 200 }}
            loading={carregando}
            value={empresa}
            onChange={(v: string) => {
              setEmpresa(v);
              setFornecedor(undefined);
            }}
            options={empresas.map((e) => ({ value: e._id, label: e.nomeFantasia || e.descricao }))}
          />
        </Form.Item>
        <Form.Item label="Fornecedor" htmlFor="sugestao-fornecedor">
          <Select
            id="sugestao-fornecedor"
            aria-label="Fornecedor"
            allowClear
            placeholder="Todos"
            style={{ minWidth: 220 }}
            loading={fornecedores.isFetching}
            value={fornecedor}
            onChange={(v: string | undefined) => setFornecedor(v)}
            options={(fornecedores.data ?? []).map((f) => ({ value: f._id, label: f.nome }))}
          />
        </Form.Item>
        <Form.Item label="Semanas de consumo" htmlFor="sugestao-semanas">
          <InputNumber
            id="sugestao-semanas"
            min={1}
            max={52}
            precision={0}
            value={semanas}
            onChange={(v) => setSemanas(v ?? 4)}
          />
        </Form.Item>
        <Form.Item label="Dias de cobertura" htmlFor="sugestao-cobertura">
          <InputNumber
            id="sugestao-cobertura"
            min={0}
            max={365}
            precision={0}
            value={diasCobertura}
            onChange={(v) => setDiasCobertura(v ?? 0)}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={sugestao.isFetching} disabled={!empresa}>
            Calcular
          </Button>
        </Form.Item>
      </Form>
      {!consulta || !sugestao.data ? (
        <Empty description="Escolha a empresa (e, se quiser, o fornecedor) e clique em Calcular." />
      ) : (
        <Lista key={sugestao.dataUpdatedAt} dados={sugestao.data} podeGerar={podeGerar} />
      )}
    </Space>
  );
}

function Lista({ dados, podeGerar }: { dados: SugestaoPedido; podeGerar: boolean }) {
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [linhas, setLinhas] = useState<LinhaEditavel[]>(() =>
    dados.linhas.map((l) => ({ ...l, digitado: String(Number(l.quantidadeCompra)) })),
  );
  // One order id per supplier, made when the suggestion was computed: a second click posts the same orders.
  const [ids] = useState(() => new Map(dados.linhas.map((l) => [l.fornecedor?._id ?? '', novoId()])));
  const [erro, setErro] = useState<string | null>(null);
  const [gerados, setGerados] = useState<PedidoGeradoSugestao[] | null>(null);

  const totais = useMemo(() => {
    const m = new Map<string, { nome: string; itens: number; valor: bigint; invalido: boolean }>();
    for (const l of linhas) {
      const chave = l.fornecedor?._id ?? '';
      const t = m.get(chave) ?? {
        nome: l.fornecedor?.nome ?? 'Sem fornecedor',
        itens: 0,
        valor: 0n,
        invalido: false,
      };
      const q = quantidadeDigitada(l.digitado);
      if (q === null) t.invalido = true;
      else if (lerEstoque(q) > 0n) {
        t.itens += 1;
        t.valor += valorSugestao(lerEstoque(q), lerEstoque(l.precoUnitario));
      }
      m.set(chave, t);
    }
    return m;
  }, [linhas]);

  const gerar = useMutation({
    mutationFn: () => {
      const porFornecedor = new Map<string, GerarPedidosSugestao['pedidos'][number]>();
      for (const l of linhas) {
        const q = quantidadeDigitada(l.digitado);
        if (q === null) {
          return Promise.reject(new Error(`Quantidade inválida em ${l.produto.descricao}.`));
        }
        if (!l.fornecedor || lerEstoque(q) <= 0n) continue;
        const p = porFornecedor.get(l.fornecedor._id) ?? {
          _id: ids.get(l.fornecedor._id) ?? novoId(),
          fornecedor: l.fornecedor._id,
          itens: [],
        };
        p.itens.push({
          produto: l.produto._id,
          unidade: l.unidadeCompra?._id ?? null,
          fatorConversao: l.fatorConversao,
          quantidade: q,
          precoUnitario: l.precoUnitario,
        });
        porFornecedor.set(l.fornecedor._id, p);
      }
      if (!porFornecedor.size) return Promise.reject(new Error('Nenhuma quantidade a pedir.'));
      return gerarPedidosSugestao({ empresa: dados.empresa, pedidos: [...porFornecedor.values()] });
    },
    onSuccess: (pedidos) => {
      setErro(null);
      setGerados(pedidos);
      notificar({
        tipo: 'success',
        mensagem: `${pedidos.length} ${pedidos.length === 1 ? 'pedido de compra gerado' : 'pedidos de compra gerados'}.`,
      });
      // Not this screen's suggestion: a refetch would remount the list and hide the links (Calcular asks again).
      void queryClient.invalidateQueries({ queryKey: chavesSugestao.fornecedores(dados.empresa) });
    },
    onError: (e) => setErro(e.message || 'Os pedidos não foram gerados.'),
  });

  if (!linhas.length) {
    return <Empty description="Nada a comprar: os produtos estão acima do alvo (ou já foram pedidos)." />;
  }
  const comPedido = [...totais.entries()].filter(([k, t]) => k !== '' && t.itens > 0).length;
  const total = [...totais.values()].reduce((s, t) => s + t.valor, 0n);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text style={{ color: token.colorTextDescription }}>
        Consumo de {dados.semanas} {dados.semanas === 1 ? 'semana' : 'semanas'} (vendas, produção, saídas
        manuais e transferências enviadas, descontados os estornos). Sugestão = alvo − (saldo + pedidos em
        aberto − consumo no prazo), arredondada para cima na unidade do fornecedor.
      </Typography.Text>
      <Table<LinhaEditavel>
        size="small"
        rowKey={(l) => l.produto._id}
        pagination={false}
        dataSource={linhas}
        scroll={{ x: 1060 }}
        data-testid="sugestao-pedido"
        columns={[
          {
            title: 'Fornecedor',
            key: 'fornecedor',
            width: 120,
            ellipsis: true,
            render: (_, l) =>
              l.fornecedor?.nome ?? <Typography.Text type="warning">Sem fornecedor</Typography.Text>,
          },
          {
            title: 'Produto',
            key: 'produto',
            width: 170,
            render: (_, l) => (
              <span>
                {l.produto.descricao}
                {l.abaixoDoMinimo && (
                  <Tag color="error" style={{ marginInlineStart: 6 }}>
                    abaixo do mínimo
                  </Tag>
                )}
              </span>
            ),
          },
          {
            title: 'Consumo/dia',
            key: 'consumo',
            align: 'right',
            width: 85,
            render: (_, l) => qtd(l.consumoDiario, l.produto.unidade),
          },
          {
            title: 'Saldo',
            key: 'saldo',
            align: 'right',
            width: 75,
            render: (_, l) => qtd(l.saldo, l.produto.unidade),
          },
          {
            title: 'Em pedido',
            key: 'abertos',
            align: 'right',
            width: 80,
            render: (_, l) => qtd(l.pedidosAbertos, l.produto.unidade),
          },
          {
            title: 'Mín / Máx',
            key: 'minmax',
            align: 'right',
            width: 90,
            render: (_, l) => `${qtd(l.minimo)} / ${qtd(l.maximo)}`,
          },
          {
            title: 'Prazo',
            key: 'prazo',
            align: 'right',
            width: 60,
            render: (_, l) => `${l.prazoEntregaDias} d`,
          },
          {
            title: 'Comprar',
            key: 'quantidade',
            width: 115,
            render: (_, l, i) => (
              <Input
                aria-label={`Quantidade a comprar de ${l.produto.descricao}`}
                inputMode="decimal"
                value={l.digitado}
                status={quantidadeDigitada(l.digitado) === null ? 'error' : undefined}
                suffix={l.unidadeCompra?.sigla ?? l.produto.unidade ?? undefined}
                disabled={gerados !== null}
                onChange={(e) =>
                  setLinhas((atual) =>
                    atual.map((x, n) => (n === i ? { ...x, digitado: e.target.value } : x)),
                  )
                }
              />
            ),
          },
          {
            title: 'Em estoque',
            key: 'estoque',
            align: 'right',
            width: 80,
            render: (_, l) => {
              const q = quantidadeDigitada(l.digitado);
              if (q === null) return '—';
              return qtd(String(Number(q) * Number(l.fatorConversao)), l.produto.unidade);
            },
          },
          {
            title: 'Último custo',
            key: 'custo',
            align: 'right',
            width: 95,
            render: (_, l) => moeda.format(Number(l.precoUnitario)),
          },
          {
            title: 'Valor',
            key: 'valor',
            align: 'right',
            width: 95,
            render: (_, l) => {
              const q = quantidadeDigitada(l.digitado);
              return q === null
                ? '—'
                : moeda.format(
                    Number(escreverCentavos(valorSugestao(lerEstoque(q), lerEstoque(l.precoUnitario)))),
                  );
            },
          },
        ]}
      />
      <Table
        size="small"
        pagination={false}
        data-testid="sugestao-totais"
        rowKey="chave"
        dataSource={[...totais.entries()].map(([chave, t]) => ({ chave, ...t }))}
        columns={[
          { title: 'Fornecedor', dataIndex: 'nome', key: 'nome' },
          { title: 'Itens', dataIndex: 'itens', key: 'itens', align: 'right', width: 80 },
          {
            title: 'Total',
            key: 'valor',
            align: 'right',
            width: 140,
            render: (_, t) => moeda.format(Number(escreverCentavos(t.valor))),
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <strong>Total</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} />
            <Table.Summary.Cell index={2} align="right">
              <strong>{moeda.format(Number(escreverCentavos(total)))}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {totais.has('') && (
        <Alert
          type="warning"
          showIcon
          title="Produtos sem fornecedor vinculado não viram pedido: vincule-os em Produto Fornecedor."
        />
      )}
      {erro && (
        <Alert type="error" showIcon role="alert" title="Os pedidos não foram gerados" description={erro} />
      )}
      {gerados && (
        <Alert
          type="success"
          showIcon
          data-testid="pedidos-gerados"
          title="Pedidos de compra gerados (rascunho):"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {gerados.map((p) => (
                <li key={p._id}>
                  <Link to={`/estoquePedidoCompra?empresa=${dados.empresa}&status=rascunho&pedido=${p._id}`}>
                    Pedido nº {p.numero}
                  </Link>{' '}
                  — {p.fornecedor.nome}, {p.itens} {p.itens === 1 ? 'item' : 'itens'},{' '}
                  {moeda.format(Number(p.valorTotal))}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Flex justify="flex-end">
        <Button
          type="primary"
          disabled={!podeGerar || comPedido === 0 || gerados !== null}
          loading={gerar.isPending}
          onClick={() => gerar.mutate()}
        >
          Gerar pedidos ({comPedido} {comPedido === 1 ? 'fornecedor' : 'fornecedores'})
        </Button>
      </Flex>
    </Space>
  );
}
