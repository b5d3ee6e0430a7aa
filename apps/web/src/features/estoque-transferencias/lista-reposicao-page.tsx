import { WarningOutlined } from '@ant-design/icons';
import {
  type DisponivelReposicao,
  escreverEstoque,
  type ListaReposicao,
  lerEstoque,
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
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { novoId } from '../../lib/ids/novo-id.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { SeletorEmpresaUsuario, useTemPermissao } from '../auth/empresas-usuario.tsx';
import {
  type ConsultaReposicao,
  chavesTransferencia,
  gerarPedidosReposicao,
  listaReposicaoQuery,
} from './api.ts';
import { SeletorLojasDoGrupo } from './comum.tsx';
import {
  formatarQuantidade,
  type LinhaReposicaoEditavel,
  lerQuantidadeDigitada,
  montarPedidosReposicao,
  quantidadeParaDigitar,
} from './regras.ts';

// estoqueGerarListaReposicao (issue 17): for the supplying store (central kitchen, warehouse) and its client
// stores, what each must receive to reach its maximum (estoqueCadastro) from its balance, counting what is on
// the way and what it already asked for; the quantities can be changed, and one click turns the list into one
// transfer request per store (estoquePedidoTransferencia), which the supplier then reserves and ships.

export function ListaReposicaoPage() {
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const [fornecedora, setFornecedora] = useState(empresaSessao);
  const [clientes, setClientes] = useState<string[]>([]);
  const [somenteAbaixo, setSomenteAbaixo] = useState(false);
  const [consulta, setConsulta] = useState<ConsultaReposicao | null>(null);
  const podeGerar = useTemPermissao(fornecedora, PERMISSAO.estoqueGerarListaReposicaoManter);
  const lista = useQuery({
    ...listaReposicaoQuery(
      consulta ?? { empresaFornecedora: '', empresas: [], somenteAbaixoDoMinimo: false },
    ),
    enabled: consulta !== null,
  });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Form
        layout="inline"
        onFinish={() =>
          fornecedora &&
          setConsulta({
            empresaFornecedora: fornecedora,
            empresas: clientes,
            somenteAbaixoDoMinimo: somenteAbaixo,
          })
        }
      >
        <Form.Item label="Loja fornecedora" htmlFor="reposicao-fornecedora">
          <SeletorEmpresaUsuario
            id="reposicao-fornecedora"
            rotulo="Loja fornecedora"
            valor={fornecedora}
            aoMudar={setFornecedora}
          />
        </Form.Item>
        <Form.Item label="Lojas atendidas" htmlFor="reposicao-clientes">
          <SeletorLojasDoGrupo
            id="reposicao-clientes"
            rotulo="Lojas atendidas"
            valor={clientes}
            exceto={fornecedora}
            aoMudar={setClientes}
          />
        </Form.Item>
        <Form.Item label="Só abaixo do mínimo" htmlFor="reposicao-abaixo">
          <Switch id="reposicao-abaixo" checked={somenteAbaixo} onChange={setSomenteAbaixo} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={lista.isFetching} disabled={!fornecedora}>
            Calcular
          </Button>
        </Form.Item>
      </Form>
      {!consulta || !lista.data ? (
        <Empty description="Escolha a loja fornecedora e as lojas atendidas e clique em Calcular." />
      ) : (
        <Lista
          // A new calculation starts a new editable list (and new request ids).
          key={lista.dataUpdatedAt}
          dados={lista.data}
          podeGerar={podeGerar}
        />
      )}
    </Space>
  );
}

function Lista({ dados, podeGerar }: { dados: ListaReposicao; podeGerar: boolean }) {
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [linhas, setLinhas] = useState<LinhaReposicaoEditavel[]>(() =>
    dados.linhas.map((l) => ({ ...l, quantidade: quantidadeParaDigitar(l.sugerido) })),
  );
  // One request id per store, made when the list was computed: a second click posts the same requests.
  const [ids] = useState(() => new Map(dados.linhas.map((l) => [l.empresa._id, novoId()])));
  const [erros, setErros] = useState<string[]>([]);
  const [gerados, setGerados] = useState<{ numero: number; loja: string }[] | null>(null);
  const disponivel = useMemo(() => {
    // What the list asks now (edited), against what the supplier holds free.
    const pedido = new Map<string, bigint>();
    for (const l of linhas) {
      const q = lerQuantidadeDigitada(l.quantidade);
      if (q !== null) pedido.set(l.produto._id, (pedido.get(l.produto._id) ?? 0n) + lerEstoque(q));
    }
    return new Map(
      dados.disponivel.map((d): [string, DisponivelReposicao & { falta: boolean }] => {
        const livre = lerEstoque(d.saldo) - lerEstoque(d.reservado);
        const necessario = pedido.get(d.produto) ?? 0n;
        return [d.produto, { ...d, necessario: escreverEstoque(necessario), falta: necessario > livre }];
      }),
    );
  }, [linhas, dados.disponivel]);
  const gerar = useMutation({
    mutationFn: () => {
      const r = montarPedidosReposicao(dados.fornecedora._id, linhas, ids);
      if (!r.ok) {
        setErros(r.erros);
        return Promise.reject(new Error(''));
      }
      setErros([]);
      return gerarPedidosReposicao(r.documento);
    },
    onSuccess: (pedidos) => {
      setGerados(pedidos.map((p) => ({ numero: p.numero, loja: p.solicitante.descricao })));
      notificar({
        tipo: 'success',
        mensagem: `${pedidos.length} ${pedidos.length === 1 ? 'pedido gerado' : 'pedidos gerados'} para ${dados.fornecedora.descricao} atender.`,
      });
      void queryClient.invalidateQueries({ queryKey: chavesTransferencia.todas });
    },
    onError: (e) => {
      if (e.message) setErros([e.message]);
    },
  });
  if (!linhas.length) {
    return <Empty description="Nenhuma loja precisa de reposição: todas estão no máximo (ou já pediram)." />;
  }
  const lojas = new Set(
    linhas.filter((l) => Number(lerQuantidadeDigitada(l.quantidade) ?? 0) > 0).map((l) => l.empresa._id),
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Table<LinhaReposicaoEditavel>
        size="small"
        rowKey={(l) => `${l.empresa._id}-${l.produto._id}`}
        pagination={false}
        dataSource={linhas}
        scroll={{ x: 1050 }}
        data-testid="lista-reposicao"
        columns={[
          { title: 'Loja', key: 'loja', width: 160, ellipsis: true, render: (_, l) => l.empresa.descricao },
          {
            title: 'Produto',
            key: 'produto',
            width: 220,
            render: (_, l) => (
              <span>
                {l.produto.descricao}{' '}
                {l.abaixoDoMinimo && (
                  <Tag color="error" style={{ marginInlineStart: 4 }}>
                    abaixo do mínimo
                  </Tag>
                )}
              </span>
            ),
          },
          {
            title: 'Saldo',
            key: 'saldo',
            align: 'right',
            width: 90,
            render: (_, l) => formatarQuantidade(l.saldo, l.produto.unidade),
          },
          {
            title: 'Mín / Máx',
            key: 'minmax',
            align: 'right',
            width: 140,
            render: (_, l) =>
              `${formatarQuantidade(l.minimo, l.produto.unidade)} / ${formatarQuantidade(l.maximo, l.produto.unidade)}`,
          },
          {
            title: 'A caminho',
            key: 'transito',
            align: 'right',
            width: 90,
            render: (_, l) => formatarQuantidade(l.emTransito, l.produto.unidade),
          },
          {
            title: 'Já pedido',
            key: 'pendente',
            align: 'right',
            width: 90,
            render: (_, l) => formatarQuantidade(l.pendente, l.produto.unidade),
          },
          {
            title: 'Enviar',
            key: 'quantidade',
            width: 130,
            render: (_, l, i) => (
              <Input
                aria-label={`Quantidade a enviar da linha ${i + 1}`}
                inputMode="decimal"
                value={l.quantidade}
                suffix={l.produto.unidade ?? undefined}
                style={{ textAlign: 'right' }}
                onChange={(e) =>
                  setLinhas((atual) =>
                    atual.map((x, n) => (n === i ? { ...x, quantidade: e.target.value } : x)),
                  )
                }
              />
            ),
          },
          {
            title: 'Livre na fornecedora',
            key: 'livre',
            align: 'right',
            width: 130,
            render: (_, l) => {
              const d = disponivel.get(l.produto._id);
              if (!d) return null;
              const livre = escreverEstoque(lerEstoque(d.saldo) - lerEstoque(d.reservado));
              const texto = formatarQuantidade(livre, l.produto.unidade);
              return d.falta ? (
                <Tooltip
                  title={`A lista pede ${formatarQuantidade(d.necessario, l.produto.unidade)} no total: a fornecedora não tem o suficiente livre.`}
                >
                  <Typography.Text type="danger">
                    <WarningOutlined /> {texto}
                  </Typography.Text>
                </Tooltip>
              ) : (
                texto
              );
            },
          },
        ]}
      />
      {erros.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Os pedidos não foram gerados"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {erros.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
        />
      )}
      {gerados && (
        <Alert
          type="success"
          showIcon
          data-testid="pedidos-gerados"
          title={`Pedidos gerados: ${gerados.map((g) => `nº ${g.numero} (${g.loja})`).join(', ')}.`}
          description={
            <Link to="/estoquePedidoTransferencia">Abrir os pedidos a atender para reservar e enviar</Link>
          }
        />
      )}
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text style={{ color: token.colorTextDescription }}>
          Sugestão = máximo − (saldo + a caminho + já pedido). Produtos contados em unidades são arredondados
          para cima.
        </Typography.Text>
        <Button
          type="primary"
          disabled={!podeGerar || lojas.size === 0 || gerados !== null}
          loading={gerar.isPending}
          onClick={() => gerar.mutate()}
        >
          Gerar pedidos ({lojas.size} {lojas.size === 1 ? 'loja' : 'lojas'})
        </Button>
      </Flex>
    </Space>
  );
}
