import { type FormaPagamentoVenda, formatarMoeda, TIPO_PAGAMENTO, type Venda } from '@retaguarda/domain';
import { Button, Descriptions, Divider, Flex, InputNumber, List, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ConvenioPainel } from './convenio-painel.tsx';
import { PixQr } from './pix-qr.tsx';

export interface PagamentoDialogProps {
  aberto: boolean;
  venda: Venda;
  formas: readonly FormaPagamentoVenda[];
  pix: { chave: string; nome: string; cidade: string };
  ocupado: boolean;
  /** Store of the sale (convênio balance). */
  empresa: string;
  aoLancar: (forma: FormaPagamentoVenda, valorPago: string, extras: { cliente?: string }) => void;
  aoCancelarPagamento: (pagamentoId: string) => void;
  aoConfirmar: () => void;
  aoFechar: () => void;
  /** Seat being paid (per-seat payment); its value replaces the balance. */
  restanteOverride?: number;
  titulo?: string;
}

const centavos = (v: string) => Math.round(Number(v) * 100);

export const ehPix = (f: FormaPagamentoVenda) =>
  f.tipo === TIPO_PAGAMENTO.carteiraDigital || /pix/i.test(f.descricao);

/** Payments of a sale: several per sale, change, voucher, PIX QR, cancel and confirm. */
export function PagamentoDialog(p: PagamentoDialogProps) {
  const ativos = p.venda.pagamentos.filter((x) => !x.lixo);
  const aplicado = ativos.reduce((s, x) => s + centavos(x.valor), 0);
  const restante = p.restanteOverride ?? Math.max(0, centavos(p.venda.total) - aplicado);
  const [forma, setForma] = useState<FormaPagamentoVenda | null>(null);
  const [valor, setValor] = useState<number | null>(restante / 100);
  const entrada = useRef<{ focus: () => void }>(null);
  const semPadrao = p.venda.cliente && !p.venda.cliente.clientePadrao ? p.venda.cliente : null;
  const clienteId = semPadrao?._id;
  const clienteNome = semPadrao?.nome ?? '';
  const [clienteConvenio, setClienteConvenio] = useState<{ _id: string; nome: string } | null>(null);
  const convenio = forma?.tipo === TIPO_PAGAMENTO.convenio;

  useEffect(() => {
    setValor(restante / 100);
  }, [restante]);
  useEffect(() => {
    if (!p.aberto) return;
    setForma(null);
    // The sale's own customer is the convênio customer unless another one is picked.
    setClienteConvenio(clienteId ? { _id: clienteId, nome: clienteNome } : null);
  }, [p.aberto, clienteId, clienteNome]);

  const lancar = () => {
    if (!forma || valor === null || (convenio && !clienteConvenio)) return;
    p.aoLancar(forma, valor.toFixed(2), convenio && clienteConvenio ? { cliente: clienteConvenio._id } : {});
  };

  return (
    <Modal
      open={p.aberto}
      title={p.titulo ?? 'Pagamento'}
      width={860}
      onCancel={p.aoFechar}
      destroyOnHidden
      footer={
        <Flex justify="space-between">
          <Button size="large" onClick={p.aoFechar}>
            Voltar
          </Button>
          <Button
            size="large"
            type="primary"
            disabled={restante > 0 || p.ocupado}
            onClick={p.aoConfirmar}
            data-testid="confirmar-venda"
          >
            Confirmar venda
          </Button>
        </Flex>
      }
    >
      <Flex gap={16} align="start">
        <div style={{ flex: '1 1 55%' }}>
          <Typography.Text type="secondary">Forma de pagamento</Typography.Text>
          <div
            style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8, marginTop: 8 }}
            role="radiogroup"
            aria-label="Forma de pagamento"
          >
            {p.formas.map((f) => (
              <Button
                key={f._id}
                size="large"
                role="radio"
                aria-checked={forma?._id === f._id}
                type={forma?._id === f._id ? 'primary' : 'default'}
                style={{ minHeight: 52, whiteSpace: 'normal', lineHeight: 1.1 }}
                onClick={() => {
                  setForma(f);
                  setTimeout(() => entrada.current?.focus(), 0);
                }}
              >
                {f.descricao}
              </Button>
            ))}
          </div>
          <Flex gap={8} style={{ marginTop: 16 }} align="center">
            <InputNumber
              ref={entrada as never}
              size="large"
              aria-label="Valor recebido"
              prefix="R$"
              min={0}
              step={1}
              precision={2}
              decimalSeparator=","
              value={valor}
              onChange={(v) => setValor(v)}
              onPressEnter={lancar}
              style={{ flex: 1 }}
            />
            <Button
              size="large"
              type="primary"
              disabled={!forma || !valor || p.ocupado || (convenio && !clienteConvenio)}
              onClick={lancar}
            >
              Lançar
            </Button>
          </Flex>
          {forma && ehPix(forma) && valor !== null && valor > 0 && (
            <div style={{ marginTop: 16 }}>
              <PixQr
                chave={p.pix.chave}
                nome={p.pix.nome}
                cidade={p.pix.cidade}
                valor={valor.toFixed(2)}
                txid={p.venda._id.slice(-12)}
              />
            </div>
          )}
        </div>
        <div style={{ flex: '1 1 45%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Total">
              <span data-testid="pag-total">{formatarMoeda(p.venda.total)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="Pago">{formatarMoeda(aplicado / 100)}</Descriptions.Item>
            <Descriptions.Item label="Restante">
              <Typography.Text strong data-testid="pag-restante">
                {formatarMoeda(restante / 100)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Troco">
              <Typography.Text strong type="success" data-testid="pag-troco">
                {formatarMoeda(p.venda.totalTroco)}
              </Typography.Text>
            </Descriptions.Item>
            {Number(p.venda.totalValeCompra) > 0 && (
              <Descriptions.Item label="Vale compra">
                {formatarMoeda(p.venda.totalValeCompra)}
              </Descriptions.Item>
            )}
          </Descriptions>
          {convenio && (
            <ConvenioPainel
              empresa={p.empresa}
              cliente={clienteConvenio}
              aoEscolherCliente={setClienteConvenio}
            />
          )}
          <Divider style={{ margin: '12px 0' }} />
          <List
            size="small"
            dataSource={p.venda.pagamentos}
            // Secondary text, not antd's disabled grey (1.8:1): it says something (axe, issue 13).
            locale={{
              emptyText: <Typography.Text type="secondary">Nenhum pagamento lançado</Typography.Text>,
            }}
            renderItem={(x) => (
              <List.Item
                data-testid="pagamento-lancado"
                actions={
                  x.lixo
                    ? []
                    : [
                        <Button key="c" size="small" danger onClick={() => p.aoCancelarPagamento(x._id)}>
                          Cancelar
                        </Button>,
                      ]
                }
              >
                <Typography.Text delete={x.lixo}>
                  {x.formaPagamento.descricao}
                  {x.posicao ? ` (posição ${x.posicao})` : ''}: {formatarMoeda(x.valorPago)}
                  {Number(x.valorTroco) > 0 ? ` · troco ${formatarMoeda(x.valorTroco)}` : ''}
                </Typography.Text>
              </List.Item>
            )}
          />
        </div>
      </Flex>
    </Modal>
  );
}
