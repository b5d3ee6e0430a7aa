import {
  type ConferenciaPedido,
  centavosNfe,
  DESCRICAO_STATUS_PEDIDO_COMPRA,
  entradaDoItem,
  escreverEstoque,
  type ItemNotaEstoque,
  instanteDoRecebimento,
  type NotaEstoque,
  PERMISSAO,
} from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { notificar } from '../../lib/notify/notificar.ts';
import { useTemPermissao } from '../auth/empresas-usuario.tsx';
import { SeletorReferencia } from '../recursos/seletor-referencia.tsx';
import {
  CHAVES_AFETADAS_PELO_LANCAMENTO,
  chavesEntradaEstoque,
  conferenciaPedidoQuery,
  estornarNotaDoEstoque,
  lancarNotaNoEstoque,
  notaEstoqueQuery,
  salvarVinculos,
} from './api-entrada-estoque.ts';
import { formatarChave, formatarData, formatarDataHora, formatarMoeda } from './comum.tsx';
import { fatorValido, normalizarFator } from './regras.ts';

// The inbound NF-e as the stock sees it (issue 17): each item linked to a product with a conversion factor —
// found by the supplier's code when the supplier's earlier note taught it, or chosen here (remembered for the
// next note) — with what it puts in stock (qCom × factor) and at what cost per stock unit (its value with
// freight, insurance and other expenses, less discount). "Lançar no estoque" posts it once, dated at the
// note's issue or the receipt date chosen, optionally receiving on an open purchase order of the supplier (the
// difference shown first; an excess must be confirmed); "Estornar lançamento" takes it back out.

interface Vinculo {
  produtoGeral: string | null;
  fatorConversao: string;
}

const NUMERO = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });
const quantidade = (v: string | null | undefined) => (v ? NUMERO.format(Number(v)) : '');
const custo = (v: string | null | undefined) =>
  v ? `R$ ${Number(v).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}` : '';

/** pt-BR status of a note for the stock: the fiscal states other than posted/reversed read as pending. */
export function rotuloStatusEntrada(status: string): { texto: string; cor: string } {
  if (status === 'lancada') return { texto: 'Lançada no estoque', cor: 'success' };
  if (status === 'estornada') return { texto: 'Lançamento estornado', cor: 'warning' };
  return { texto: 'Pendente', cor: 'default' };
}

/** What the item would put in stock with this link, exactly as the server computes it. */
function previa(item: ItemNotaEstoque, v: Vinculo | undefined) {
  if (!v?.produtoGeral || !fatorValido(v.fatorConversao)) return null;
  try {
    const e = entradaDoItem(item.qCom, normalizarFator(v.fatorConversao), centavosNfe(item.valorCusto));
    return { quantidade: escreverEstoque(e.quantidade), custo: escreverEstoque(e.custoUnitario) };
  } catch {
    return null;
  }
}

export function NotaEntradaEstoque({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const nota = useQuery(notaEstoqueQuery(id));
  const n = nota.data;
  const podeManter = useTemPermissao(n?.empresa, PERMISSAO.entradaNotaFiscalManter);
  const [vinculos, setVinculos] = useState<Record<string, Vinculo>>({});
  const [lancando, setLancando] = useState(false);
  const [estornando, setEstornando] = useState(false);
  useEffect(() => {
    if (!n) return;
    setVinculos(
      Object.fromEntries(
        n.itens.map((i) => [
          i._id,
          {
            produtoGeral: i.produto?._id ?? null,
            fatorConversao: i.fatorConversao ? normalizar(i.fatorConversao) : '1',
          },
        ]),
      ),
    );
  }, [n]);
  const atualizar = (nova: NotaEstoque) => {
    queryClient.setQueryData(chavesEntradaEstoque.nota(id), nova);
    for (const chave of CHAVES_AFETADAS_PELO_LANCAMENTO)
      void queryClient.invalidateQueries({ queryKey: chave });
  };
  const alterados = n
    ? n.itens.filter((i) => {
        const v = vinculos[i._id];
        return (
          v &&
          (v.produtoGeral !== (i.produto?._id ?? null) ||
            (v.produtoGeral !== null &&
              normalizarFator(v.fatorConversao) !== normalizarFator(normalizar(i.fatorConversao ?? '1'))))
        );
      })
    : [];
  const corpoVinculos = () =>
    Object.entries(vinculos).map(([_id, v]) => ({
      _id,
      produtoGeral: v.produtoGeral,
      ...(v.produtoGeral ? { fatorConversao: normalizarFator(v.fatorConversao) } : {}),
    }));
  const salvar = useMutation({
    mutationFn: () => salvarVinculos(id, corpoVinculos()),
    onSuccess: (nova) => {
      atualizar(nova);
      notificar({ tipo: 'success', mensagem: 'Vínculos dos itens salvos.' });
    },
  });
  const mudar = (item: string, parcial: Partial<Vinculo>) =>
    setVinculos((v) => ({
      ...v,
      [item]: { produtoGeral: null, fatorConversao: '1', ...v[item], ...parcial },
    }));
  const invalidos = Object.values(vinculos).filter((v) => v.produtoGeral && !fatorValido(v.fatorConversao));
  const lancada = n?.status === 'lancada';
  const semProduto = Object.values(vinculos).filter((v) => !v.produtoGeral).length;

  return (
    <Card
      size="small"
      loading={nota.isPending}
      title={
        n ? (
          <Space wrap>
            <span>{`NF-e nº ${n.numero} série ${n.serie} — ${n.emitente.xNome ?? ''}`}</span>
            <Tag color={rotuloStatusEntrada(n.status).cor} data-testid="status-entrada">
              {rotuloStatusEntrada(n.status).texto}
            </Tag>
          </Space>
        ) : (
          'NF-e'
        )
      }
      extra={
        podeManter && n ? (
          <Space wrap>
            {!lancada && (
              <Button
                disabled={invalidos.length > 0}
                loading={salvar.isPending}
                onClick={() => salvar.mutate()}
              >
                Salvar vínculos
              </Button>
            )}
            {!lancada && (
              <Button type="primary" disabled={invalidos.length > 0} onClick={() => setLancando(true)}>
                Lançar no estoque
              </Button>
            )}
            {lancada && (
              <Button danger onClick={() => setEstornando(true)}>
                Estornar lançamento
              </Button>
            )}
          </Space>
        ) : null
      }
    >
      {n && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label="Chave" span={3}>
              {formatarChave(n.chave)}
            </Descriptions.Item>
            <Descriptions.Item label="CNPJ">{n.emitente.CNPJ}</Descriptions.Item>
            <Descriptions.Item label="Emissão">{formatarDataHora(n.dhEmi)}</Descriptions.Item>
            <Descriptions.Item label="Valor total">{formatarMoeda(n.totais.vNF)}</Descriptions.Item>
            <Descriptions.Item label="Fornecedor">
              {n.fornecedor ? n.fornecedor.nome : 'Não cadastrado: será cadastrado pelo CNPJ ao vincular'}
            </Descriptions.Item>
            <Descriptions.Item label="Frete + seguro + outras">
              {formatarMoeda(
                (Number(n.totais.vFrete) + Number(n.totais.vSeg) + Number(n.totais.vOutro)).toFixed(2),
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Descontos">{formatarMoeda(n.totais.vDesc)}</Descriptions.Item>
          </Descriptions>
          {!lancada && semProduto > 0 && (
            <Alert
              type="info"
              showIcon
              title={`${semProduto} ${semProduto === 1 ? 'item sem produto' : 'itens sem produto'}: vincule todos para lançar no estoque.`}
            />
          )}
          <Table<ItemNotaEstoque>
            rowKey="_id"
            size="small"
            pagination={false}
            scroll={{ x: 1000, y: 420 }}
            dataSource={n.itens}
            columns={[
              { title: 'Item', dataIndex: 'nItem', width: 48 },
              {
                title: 'Produto do fornecedor',
                key: 'xProd',
                width: 200,
                render: (_, i) => (
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Typography.Text ellipsis={{ tooltip: i.xProd }}>{i.xProd}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {`Cód. ${i.cProd}${i.uCom ? ` · ${i.uCom}` : ''}`}
                    </Typography.Text>
                  </Flex>
                ),
              },
              {
                title: 'Qtd.',
                dataIndex: 'qCom',
                width: 70,
                align: 'right',
                render: (v: string) => quantidade(v),
              },
              {
                title: 'Valor',
                dataIndex: 'vProd',
                width: 95,
                align: 'right',
                render: (v: string) => formatarMoeda(v),
              },
              {
                title: 'Custo c/ frete',
                dataIndex: 'valorCusto',
                width: 105,
                align: 'right',
                render: (v: string) => formatarMoeda(v),
              },
              {
                title: 'Produto',
                key: 'produto',
                width: 220,
                render: (_, i) => (
                  <Space orientation="vertical" size={2} style={{ width: '100%' }}>
                    <SeletorReferencia
                      tabela="produtoGeral"
                      valor={vinculos[i._id]?.produtoGeral ?? null}
                      onChange={(v) => mudar(i._id, { produtoGeral: typeof v === 'string' ? v : null })}
                      placeholder="Vincular produto..."
                      desabilitado={lancada || !podeManter}
                    />
                    {i.origemVinculo === 'fornecedor' && vinculos[i._id]?.produtoGeral === i.produto?._id && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        Vinculado pelo código do fornecedor
                      </Typography.Text>
                    )}
                  </Space>
                ),
              },
              {
                title: 'Fator',
                key: 'fator',
                width: 72,
                render: (_, i) => {
                  const v = vinculos[i._id];
                  return (
                    <Input
                      aria-label={`Fator de conversão do item ${i.nItem}`}
                      value={v?.fatorConversao ?? '1'}
                      disabled={!v?.produtoGeral || lancada || !podeManter}
                      status={v?.produtoGeral && !fatorValido(v.fatorConversao) ? 'error' : undefined}
                      onChange={(e) => mudar(i._id, { fatorConversao: e.target.value })}
                    />
                  );
                },
              },
              {
                title: 'Qtd. estoque',
                key: 'qtdEstoque',
                width: 100,
                align: 'right',
                render: (_, i) => {
                  const p = previa(i, vinculos[i._id]);
                  const un =
                    vinculos[i._id]?.produtoGeral === i.produto?._id ? (i.produto?.unidade ?? '') : '';
                  return p ? `${quantidade(p.quantidade)} ${un}`.trim() : '';
                },
              },
              {
                title: 'Custo unit.',
                key: 'custoEstoque',
                width: 100,
                align: 'right',
                render: (_, i) => custo(previa(i, vinculos[i._id])?.custo),
              },
            ]}
          />
          {n.lancamento && <Lancamento nota={n} />}
          {n.historico.filter((h) => h.estornadoEm).length > 0 && (
            <Typography.Text type="secondary">
              {n.historico
                .filter((h) => h.estornadoEm)
                .map(
                  (h) =>
                    `Lançamento de ${formatarDataHora(h.lancadoEm)} estornado em ${formatarDataHora(h.estornadoEm)}${h.estornadoPor ? ` por ${h.estornadoPor}` : ''}: ${h.motivoEstorno ?? ''}`,
                )
                .join(' · ')}
            </Typography.Text>
          )}
        </Space>
      )}
      {n && lancando && (
        <LancarDialog
          nota={n}
          alterados={alterados.length > 0}
          aoFechar={() => setLancando(false)}
          aoLancar={async (corpo) => {
            if (alterados.length > 0) atualizar(await salvarVinculos(id, corpoVinculos()));
            const nova = await lancarNotaNoEstoque(id, corpo);
            atualizar(nova);
            notificar({
              tipo: 'success',
              mensagem: `NF-e nº ${nova.numero} lançada no estoque: ${nova.lancamento?.movimentos.length ?? 0} itens, ${formatarMoeda(nova.lancamento?.valorTotal)}.`,
            });
          }}
        />
      )}
      {n && (
        <EstornarDialog
          aberto={estornando}
          nota={n}
          aoFechar={() => setEstornando(false)}
          aoEstornar={(nova) => {
            atualizar(nova);
            notificar({ tipo: 'success', mensagem: `Lançamento da NF-e nº ${nova.numero} estornado.` });
          }}
        />
      )}
    </Card>
  );
}

/** '12.000000' -> '12' (what the factor box shows). */
/** A stored factor ("0.250000") as a person types it ("0,25"); compared through normalizarFator. */
function normalizar(fator: string): string {
  return (fator.includes('.') ? fator.replace(/\.?0+$/, '') : fator).replace('.', ',');
}

function Lancamento({ nota }: { nota: NotaEstoque }) {
  const l = nota.lancamento;
  if (!l) return null;
  return (
    <Card
      size="small"
      type="inner"
      title={`Lançado no estoque em ${formatarData(l.data)}${l.pedidoCompra ? ` · pedido de compra nº ${l.pedidoCompra.numero}` : ''}`}
      extra={
        <Typography.Text type="secondary">
          {`por ${l.lancadoPor ?? '—'} em ${formatarDataHora(l.lancadoEm)}`}
        </Typography.Text>
      }
    >
      <Table
        rowKey="_id"
        size="small"
        pagination={false}
        dataSource={l.movimentos}
        columns={[
          { title: 'Item', dataIndex: 'nItem', width: 55 },
          { title: 'Produto', dataIndex: 'descricao' },
          {
            title: 'Quantidade',
            dataIndex: 'quantidade',
            align: 'right',
            render: (v: string) => quantidade(v),
          },
          {
            title: 'Custo unit.',
            dataIndex: 'custoUnitario',
            align: 'right',
            render: (v: string) => custo(v),
          },
          { title: 'Valor', dataIndex: 'valor', align: 'right', render: (v: string) => formatarMoeda(v) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={4}>
              Total
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              {formatarMoeda(l.valorTotal)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}

function LancarDialog({
  nota,
  alterados,
  aoFechar,
  aoLancar,
}: {
  nota: NotaEstoque;
  alterados: boolean;
  aoFechar: () => void;
  aoLancar: (corpo: { data?: string; pedidoCompra?: string; aceitarExcesso?: boolean }) => Promise<void>;
}) {
  const [quando, setQuando] = useState<'emissao' | 'outra'>('emissao');
  const [dia, setDia] = useState<Dayjs>(() => dayjs());
  const [pedido, setPedido] = useState<string | undefined>(undefined);
  const [aceitarExcesso, setAceitarExcesso] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const conferencia = useQuery({
    ...conferenciaPedidoQuery(nota._id, pedido ?? ''),
    enabled: Boolean(pedido),
  });
  const lancar = useMutation({
    mutationFn: () => {
      const data =
        quando === 'outra' ? instanteDoRecebimento(dia.format('YYYY-MM-DD'), new Date()) : undefined;
      return aoLancar({
        ...(data ? { data } : {}),
        ...(pedido ? { pedidoCompra: pedido, aceitarExcesso } : {}),
      });
    },
    onSuccess: aoFechar,
    onError: (e) => setErro(e.message),
  });
  const c = conferencia.data;
  const bloqueado = Boolean(pedido) && (!c || (c.temExcesso && !aceitarExcesso));
  return (
    <Modal
      open
      width={820}
      title={`Lançar a NF-e nº ${nota.numero} no estoque`}
      okText="Lançar no estoque"
      okButtonProps={{ loading: lancar.isPending, disabled: bloqueado }}
      cancelText="Cancelar"
      onOk={() => {
        setErro(null);
        lancar.mutate();
      }}
      onCancel={aoFechar}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="Data de entrada no estoque">
          <Radio.Group value={quando} onChange={(e) => setQuando(e.target.value as 'emissao' | 'outra')}>
            <Radio value="emissao">{`Emissão da nota (${formatarData(nota.dhEmi)})`}</Radio>
            <Radio value="outra">Data do recebimento</Radio>
          </Radio.Group>
          {quando === 'outra' && (
            <DatePicker
              aria-label="Data do recebimento"
              style={{ marginTop: 8 }}
              format="DD/MM/YYYY"
              allowClear={false}
              value={dia}
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
              onChange={(d) => d && setDia(d)}
            />
          )}
        </Form.Item>
        <Form.Item label="Receber no pedido de compra" htmlFor="lancar-pedido">
          <Select
            id="lancar-pedido"
            allowClear
            placeholder={
              nota.pedidosAbertos.length
                ? 'Nenhum (só entrada no estoque)'
                : 'Nenhum pedido em aberto deste fornecedor nesta empresa'
            }
            disabled={!nota.pedidosAbertos.length}
            value={pedido}
            onChange={(v: string | undefined) => {
              setPedido(v);
              setAceitarExcesso(false);
            }}
            options={nota.pedidosAbertos.map((p) => ({
              value: p._id,
              label: `Pedido nº ${p.numero} de ${formatarData(p.dataPedido)} · ${DESCRICAO_STATUS_PEDIDO_COMPRA[p.status]} · ${formatarMoeda(p.valorTotal)}${p.dataPrevista ? ` · previsto ${formatarData(`${p.dataPrevista}T12:00:00`)}` : ''}`,
            }))}
          />
        </Form.Item>
      </Form>
      {pedido && c && <Conferencia conferencia={c} />}
      {c?.temExcesso && (
        <Flex vertical gap={8} style={{ marginTop: 12 }}>
          <Alert
            type="warning"
            showIcon
            title="Esta nota traz mais do que o pedido ainda espera (coluna Excesso)."
          />
          <Checkbox checked={aceitarExcesso} onChange={(e) => setAceitarExcesso(e.target.checked)}>
            Receber acima do pedido
          </Checkbox>
        </Flex>
      )}
      {alterados && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          Os vínculos alterados serão salvos antes do lançamento.
        </Typography.Paragraph>
      )}
      {erro && <Alert style={{ marginTop: 12 }} type="error" showIcon role="alert" title={erro} />}
    </Modal>
  );
}

function Conferencia({ conferencia: c }: { conferencia: ConferenciaPedido }) {
  const q = (v: string) => quantidade(v);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Table
        rowKey="ordem"
        size="small"
        pagination={false}
        dataSource={c.linhas}
        columns={[
          { title: 'Produto', key: 'produto', render: (_, l) => l.produto.descricao },
          { title: 'Un.', dataIndex: 'unidade', width: 50 },
          { title: 'Pedido', dataIndex: 'quantidade', align: 'right', render: q },
          { title: 'Já recebido', dataIndex: 'recebidaAntes', align: 'right', render: q },
          { title: 'Nesta nota', dataIndex: 'nestaNota', align: 'right', render: q },
          { title: 'Pendente', dataIndex: 'pendente', align: 'right', render: q },
          {
            title: 'Excesso',
            dataIndex: 'excesso',
            align: 'right',
            render: (v: string) =>
              Number(v) > 0 ? (
                <Typography.Text type="danger" strong>
                  {q(v)}
                </Typography.Text>
              ) : (
                q(v)
              ),
          },
        ]}
      />
      {c.itensForaDoPedido.length > 0 && (
        <Typography.Text type="secondary">
          {`Fora do pedido (entram só no estoque): ${c.itensForaDoPedido.map((i) => `${i.nItem} - ${i.xProd}`).join('; ')}`}
        </Typography.Text>
      )}
    </Space>
  );
}

function EstornarDialog({
  aberto,
  nota,
  aoFechar,
  aoEstornar,
}: {
  aberto: boolean;
  nota: NotaEstoque;
  aoFechar: () => void;
  aoEstornar: (nota: NotaEstoque) => void;
}) {
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const estornar = useMutation({
    mutationFn: () => estornarNotaDoEstoque(nota._id, motivo.trim()),
    onSuccess: (nova) => {
      aoEstornar(nova);
      fechar();
    },
    onError: (e) => setErro(e.message),
  });
  function fechar() {
    setMotivo('');
    setErro(null);
    aoFechar();
  }
  function confirmar() {
    if (!motivo.trim()) {
      setErro('Informe o motivo do estorno.');
      return;
    }
    estornar.mutate();
  }
  return (
    <Modal
      open={aberto}
      title="Estornar o lançamento no estoque"
      okText="Estornar"
      okButtonProps={{ danger: true, loading: estornar.isPending }}
      cancelText="Cancelar"
      onOk={confirmar}
      onCancel={fechar}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {`Os ${nota.lancamento?.movimentos.length ?? 0} itens da NF-e nº ${nota.numero} saem do estoque pelo custo em que entraram (${formatarMoeda(nota.lancamento?.valorTotal)})${nota.lancamento?.pedidoCompra ? ` e voltam a ficar pendentes no pedido nº ${nota.lancamento.pedidoCompra.numero}` : ''}.`}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={confirmar}>
        <Form.Item label="Motivo do estorno" htmlFor="estorno-nota-motivo" required>
          <Input.TextArea
            id="estorno-nota-motivo"
            autoFocus
            maxLength={300}
            rows={2}
            value={motivo}
            onChange={(e) => {
              setMotivo(e.target.value);
              setErro(null);
            }}
          />
        </Form.Item>
      </Form>
      {erro && <Alert type="error" showIcon role="alert" title={erro} />}
    </Modal>
  );
}
