import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Descriptions,
  Empty,
  Flex,
  Grid,
  Modal,
  Select,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useState } from 'react';
import { queryClient } from '../../lib/api/query-client.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { PermissaoNegadaAviso, permissaoNegadaDe } from '../permissoes/permissao-negada.tsx';
import {
  type Acerto,
  acertoMotoboy,
  atribuirMotoboy,
  buscarPainelMotoboy,
  chavesExpedicao,
  desatribuirMotoboy,
  type MotoboyPainel,
  type PedidoExpedicao,
  retornoMotoboy,
  type SituacaoMotoboy,
  saidaMotoboy,
} from './api.ts';
import { CobrancaPedido } from './cobranca.tsx';
import { desde, real, TelaFrente, useRelogio, useTempoReal } from './tela-frente.tsx';

// Motoboy departure (#/frenteLoja/saidaMotoboy): delivery orders are given to riders (users with the
// attribution 'Motoboy' only), who leave with them (in delivery), come back (delivered or refused) and
// settle. Every step reaches the POS, the KDS and the call center as socket events.

const SITUACAO: Record<SituacaoMotoboy, { rotulo: string; cor: string }> = {
  livre: { rotulo: 'Livre', cor: 'default' },
  aguardandoSaida: { rotulo: 'Aguardando saída', cor: 'processing' },
  emRota: { rotulo: 'Em rota', cor: 'warning' },
  aAcertar: { rotulo: 'A acertar', cor: 'success' },
};

const STATUS: Record<number, string> = {
  0: 'Aguardando',
  1: 'Em produção',
  2: 'Produzido',
  3: 'Em entrega',
  4: 'Entregue',
  5: 'Recusado',
};

export function SaidaMotoboyPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <SaidaMotoboy />
    </QueryClientProvider>
  );
}

function SaidaMotoboy() {
  const { token } = theme.useToken();
  const empresa = useSessao((s) => s.empresa);
  const chave = chavesExpedicao.motoboys(empresa?._id ?? '');
  const painel = useQuery({
    queryKey: chave,
    queryFn: buscarPainelMotoboy,
    enabled: Boolean(empresa),
    staleTime: 0,
  });
  const recarregar = () => void queryClient.invalidateQueries({ queryKey: chave });
  const status = useTempoReal(['vendaAlterada', 'expedicaoAlterada'], recarregar);
  const agora = useRelogio();
  const [acerto, setAcerto] = useState<(Acerto & { nome: string }) | null>(null);
  const motoboys = painel.data?.motoboys ?? [];
  const negada = permissaoNegadaDe(painel.error);
  // The rider opens it on a phone: one column there.
  const estreita = !Grid.useBreakpoint().md;
  return (
    <TelaFrente titulo="Saída de Motoboy" status={status} testId="tela-saida-motoboy">
      {/* Refused: the missing permission instead of empty lists. */}
      {negada && <PermissaoNegadaAviso negada={negada} tela="a Saída de Motoboy" />}
      <div
        style={{
          display: negada ? 'none' : 'grid',
          gridTemplateColumns: estreita ? 'minmax(0, 1fr)' : 'minmax(280px, 1fr) minmax(0, 2fr)',
          gap: 12,
          alignItems: 'start',
        }}
      >
        <Flex
          vertical
          gap={8}
          style={{ background: token.colorFillQuaternary, borderRadius: token.borderRadiusLG, padding: 8 }}
        >
          <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
            Pedidos para despacho ({painel.data?.aDespachar.length ?? 0})
          </Typography.Title>
          {painel.data?.aDespachar.length === 0 && (
            <Empty description="Nenhum pedido delivery para despachar" />
          )}
          {painel.data?.aDespachar.map((p) => (
            <PedidoParaDespacho
              key={p.vendaId}
              pedido={p}
              motoboys={motoboys}
              agora={agora}
              aoAlterado={recarregar}
            />
          ))}
        </Flex>
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
            gap: 12,
            alignItems: 'start',
          }}
        >
          {motoboys.length === 0 && !painel.isLoading && (
            <Empty description="Nenhum usuário com a atribuição Motoboy" />
          )}
          {motoboys.map((m) => (
            <CartaoMotoboy
              key={m._id}
              motoboy={m}
              aoAlterado={recarregar}
              aoAcertar={(a) => setAcerto({ ...a, nome: m.nome })}
            />
          ))}
        </div>
      </div>
      {acerto && (
        <Modal
          open
          title={`Acerto · ${acerto.nome}`}
          onOk={() => setAcerto(null)}
          onCancel={() => setAcerto(null)}
          okText="Fechar"
          cancelButtonProps={{ style: { display: 'none' } }}
        >
          <Descriptions column={1} bordered size="small" data-testid="acerto">
            <Descriptions.Item label="Pedidos">{acerto.pedidos}</Descriptions.Item>
            <Descriptions.Item label="Entregues">{acerto.entregues}</Descriptions.Item>
            <Descriptions.Item label="Recusados">{acerto.recusados}</Descriptions.Item>
            <Descriptions.Item label="Total dos pedidos entregues">
              {real(acerto.totalPedidos)}
            </Descriptions.Item>
            <Descriptions.Item label="Total das taxas de entrega">
              {real(acerto.totalTaxas)}
            </Descriptions.Item>
          </Descriptions>
        </Modal>
      )}
    </TelaFrente>
  );
}

function PedidoParaDespacho({
  pedido,
  motoboys,
  agora,
  aoAlterado,
}: {
  pedido: PedidoExpedicao;
  motoboys: MotoboyPainel[];
  agora: Date;
  aoAlterado: () => void;
}) {
  const [motoboy, setMotoboy] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const atribuir = async () => {
    if (!motoboy) return;
    setOcupado(true);
    try {
      await atribuirMotoboy(pedido.vendaId, motoboy);
      aoAlterado();
    } catch {
      setOcupado(false);
    }
  };
  return (
    <Card size="small" data-testid={`despacho-${pedido.vendaId}`}>
      <Flex vertical gap={4}>
        <Flex align="center" gap={6}>
          <Typography.Text strong>{pedido.identificacao}</Typography.Text>
          <Tag color={pedido.statusExpedicao === 2 ? 'success' : undefined}>
            {STATUS[pedido.statusExpedicao]}
          </Tag>
          <span style={{ flex: 1 }} />
          <Typography.Text type="secondary">{desde(pedido.data, agora)}</Typography.Text>
        </Flex>
        {pedido.cliente && <Typography.Text>{pedido.cliente}</Typography.Text>}
        {pedido.endereco && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {pedido.endereco}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Total {real(pedido.total)} · Taxa {real(pedido.taxaEntrega)}
        </Typography.Text>
        <CobrancaPedido cobranca={pedido.cobranca} />
        <Flex gap={6}>
          <Select
            style={{ flex: 1 }}
            placeholder="Motoboy"
            aria-label="Motoboy"
            value={motoboy}
            onChange={setMotoboy}
            options={motoboys.map((m) => ({ value: m._id, label: m.nome }))}
            data-testid="selecionar-motoboy"
          />
          <Button type="primary" disabled={!motoboy || ocupado} onClick={() => void atribuir()}>
            Atribuir
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

function CartaoMotoboy({
  motoboy,
  aoAlterado,
  aoAcertar,
}: {
  motoboy: MotoboyPainel;
  aoAlterado: () => void;
  aoAcertar: (a: Acerto) => void;
}) {
  const [recusados, setRecusados] = useState<string[]>([]);
  const [ocupado, setOcupado] = useState(false);
  const s = SITUACAO[motoboy.situacao];
  const executar = async (fn: () => Promise<unknown>) => {
    setOcupado(true);
    try {
      await fn();
      setRecusados([]);
      aoAlterado();
    } catch {
      // message already shown
    } finally {
      setOcupado(false);
    }
  };
  const pendentesSaida = motoboy.pedidos.filter((p) => !p.saidaEm);
  const emRota = motoboy.pedidos.filter((p) => p.saidaEm && !p.retornoEm);
  const aAcertar = motoboy.pedidos.filter((p) => p.retornoEm);
  // The change for the orders he has not left with yet: what he takes from the drawer.
  const trocoALevar = pendentesSaida.reduce((s, p) => s + Number(p.cobranca?.troco ?? 0), 0);
  return (
    <Card
      size="small"
      data-testid={`motoboy-${motoboy._id}`}
      title={
        <Flex align="center" gap={8}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {motoboy.nome}
          </Typography.Text>
          <span style={{ flex: 1 }} />
          <Tag color={s.cor} data-testid="situacao-motoboy">
            {s.rotulo}
          </Tag>
        </Flex>
      }
    >
      <Flex vertical gap={6}>
        {motoboy.pedidos.length === 0 && <Typography.Text type="secondary">Sem pedidos</Typography.Text>}
        {motoboy.pedidos.map((p) => (
          <Flex key={p.vendaId} vertical gap={4} data-testid={`motoboy-pedido-${p.vendaId}`}>
            <Flex align="center" gap={6}>
              <Typography.Text strong>{p.identificacao}</Typography.Text>
              <Tag>{STATUS[p.statusExpedicao]}</Tag>
              <span style={{ flex: 1 }} />
              {p.saidaEm && !p.retornoEm ? (
                <Checkbox
                  checked={recusados.includes(p.vendaId)}
                  onChange={(e) =>
                    setRecusados((r) =>
                      e.target.checked ? [...r, p.vendaId] : r.filter((x) => x !== p.vendaId),
                    )
                  }
                >
                  Recusado
                </Checkbox>
              ) : !p.saidaEm ? (
                <Button
                  size="small"
                  type="link"
                  onClick={() => void executar(() => desatribuirMotoboy(p.vendaId))}
                >
                  Remover
                </Button>
              ) : null}
            </Flex>
            <CobrancaPedido cobranca={p.cobranca} />
          </Flex>
        ))}
        {motoboy.pedidos.length > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Pedidos {real(motoboy.totalPedidos)} · Taxas {real(motoboy.totalTaxas)}
            {trocoALevar > 0 ? ` · Troco a levar ${real(trocoALevar.toFixed(2))}` : ''}
          </Typography.Text>
        )}
        <Flex gap={6} wrap>
          <Button
            type="primary"
            disabled={ocupado || pendentesSaida.length === 0}
            onClick={() => void executar(() => saidaMotoboy(motoboy._id))}
          >
            Saída
          </Button>
          <Button
            disabled={ocupado || emRota.length === 0}
            onClick={() => void executar(() => retornoMotoboy(motoboy._id, recusados))}
          >
            Retorno
          </Button>
          <Button
            disabled={ocupado || aAcertar.length === 0}
            onClick={() =>
              void executar(async () => {
                aoAcertar(await acertoMotoboy(motoboy._id));
              })
            }
          >
            Acerto
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
