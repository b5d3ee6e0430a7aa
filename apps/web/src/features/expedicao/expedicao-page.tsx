import { ClockCircleOutlined, DollarOutlined, ShopOutlined } from '@ant-design/icons';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { statusExpedicao } from '@retaguarda/domain/catalogos/venda';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Empty,
  Flex,
  InputNumber,
  Modal,
  Progress,
  Select,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useState } from 'react';
import { queryClient } from '../../lib/api/query-client.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { LiberacaoSupervisorProvider, useLiberacaoSupervisor } from '../liberacao/liberacao-supervisor.tsx';
import { PermissaoNegadaAviso, permissaoNegadaDe } from '../permissoes/permissao-negada.tsx';
import {
  alterarEmpresaEntrega,
  alterarStatusExpedicao,
  alterarTaxaEntrega,
  alterarTempoEntrega,
  buscarEmpresas,
  buscarExpedicao,
  chavesExpedicao,
  type PedidoExpedicao,
} from './api.ts';
import { CobrancaPedido } from './cobranca.tsx';
import { desde, real, TelaFrente, useRelogio, useTempoReal } from './tela-frente.tsx';

// Expedition screen (#/frenteLoja/expedicao): the store's orders by expedition status (spec 1 section 4),
// moved by the kitchen (KDS), by the riders and by hand here with the transitions the domain allows.

/** What the delivery dialog changes: time (permission 26), fee (25) or store (27). */
type CampoEntrega = 'tempo' | 'taxa' | 'empresa';

const nomeStatus = (s: number) => statusExpedicao.porId(s as never)?.descricao ?? String(s);

const COLUNAS: { titulo: string; status: number[] }[] = [
  { titulo: 'Aguardando', status: [0] },
  { titulo: 'Em produção', status: [1] },
  { titulo: 'Produzido', status: [2] },
  { titulo: 'Em entrega', status: [3] },
  { titulo: 'Entregue', status: [4] },
  // Refused (delivery) and cancelled are rare: one column keeps six columns on a 1366 screen.
  { titulo: 'Recusado / Cancelado', status: [5, 7, 6] },
];

export function ExpedicaoPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <LiberacaoSupervisorProvider>
        <Expedicao />
      </LiberacaoSupervisorProvider>
    </QueryClientProvider>
  );
}

function Expedicao() {
  const empresa = useSessao((s) => s.empresa);
  const chave = chavesExpedicao.lista(empresa?._id ?? '');
  const lista = useQuery({
    queryKey: chave,
    queryFn: buscarExpedicao,
    enabled: Boolean(empresa),
    staleTime: 0,
  });
  const status = useTempoReal(['vendaAlterada', 'expedicaoAlterada', 'kdsPedido'], () => {
    void queryClient.invalidateQueries({ queryKey: chave });
  });
  const agora = useRelogio();
  const [editar, setEditar] = useState<{ pedido: PedidoExpedicao; campo: CampoEntrega } | null>(null);
  const recarregar = () => void queryClient.invalidateQueries({ queryKey: chave });
  const pedidos = lista.data ?? [];
  const negada = permissaoNegadaDe(lista.error);
  return (
    <TelaFrente titulo="Expedição" status={status} testId="tela-expedicao">
      {/* Refused: the missing permission instead of an empty board. */}
      {negada && <PermissaoNegadaAviso negada={negada} tela="a Expedição" />}
      <div
        style={{
          display: negada ? 'none' : 'grid',
          gridTemplateColumns: `repeat(${COLUNAS.length}, minmax(150px, 1fr))`,
          gap: 8,
          minHeight: '100%',
          alignItems: 'start',
        }}
      >
        {COLUNAS.map((c) => {
          const daColuna = pedidos.filter((p) => c.status.includes(p.statusExpedicao));
          return (
            <Coluna key={c.titulo} titulo={c.titulo} quantidade={daColuna.length}>
              {daColuna.map((p) => (
                <CartaoExpedicao
                  key={p.vendaId}
                  pedido={p}
                  agora={agora}
                  aoAlterado={recarregar}
                  aoEditar={(campo) => setEditar({ pedido: p, campo })}
                />
              ))}
            </Coluna>
          );
        })}
      </div>
      {editar && (
        <EditarEntrega
          pedido={editar.pedido}
          campo={editar.campo}
          aoFechar={(alterou) => {
            setEditar(null);
            if (alterou) recarregar();
          }}
        />
      )}
    </TelaFrente>
  );
}

function Coluna({
  titulo,
  quantidade,
  children,
}: {
  titulo: string;
  quantidade: number;
  children: React.ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      gap={8}
      style={{
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadiusLG,
        padding: 8,
        minHeight: 200,
      }}
      data-testid={`coluna-${titulo}`}
    >
      <Flex align="center" gap={8} style={{ padding: '2px 4px' }}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {titulo}
        </Typography.Text>
        <Badge count={quantidade} showZero color={token.colorTextSecondary} />
      </Flex>
      {quantidade === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="" />}
      {children}
    </Flex>
  );
}

function CartaoExpedicao({
  pedido,
  agora,
  aoAlterado,
  aoEditar,
}: {
  pedido: PedidoExpedicao;
  agora: Date;
  aoAlterado: () => void;
  aoEditar: (campo: CampoEntrega) => void;
}) {
  const [ocupado, setOcupado] = useState(false);
  const delivery = pedido.tipoVenda === 55;
  const mover = async (para: number) => {
    setOcupado(true);
    try {
      await alterarStatusExpedicao(pedido.vendaId, para);
      aoAlterado();
    } catch {
      // message already shown by the API client
    } finally {
      setOcupado(false);
    }
  };
  return (
    <Card
      size="small"
      data-testid={`expedicao-${pedido.vendaId}`}
      data-status={pedido.statusExpedicao}
      title={
        <Flex align="center" gap={6}>
          <Typography.Text strong>{pedido.identificacao}</Typography.Text>
          <span style={{ flex: 1 }} />
          <Typography.Text type="secondary">{desde(pedido.data, agora)}</Typography.Text>
        </Flex>
      }
    >
      <Flex vertical gap={4}>
        <Flex gap={4} wrap>
          <Tag>{pedido.tipoVendaDescricao}</Tag>
          <Tag color={pedido.statusExpedicao === 2 ? 'success' : undefined} data-testid="status-expedicao">
            {nomeStatus(pedido.statusExpedicao)}
          </Tag>
        </Flex>
        {pedido.cliente && <Typography.Text>{pedido.cliente}</Typography.Text>}
        {pedido.endereco && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {pedido.endereco}
          </Typography.Text>
        )}
        {pedido.itens.total > 0 && (
          <Progress
            percent={Math.round((pedido.itens.prontos / pedido.itens.total) * 100)}
            size="small"
            format={() => `${pedido.itens.prontos}/${pedido.itens.total}`}
            // A progress bar needs a name (axe aria-progressbar-name).
            aria-label={`Itens prontos: ${pedido.itens.prontos} de ${pedido.itens.total}`}
          />
        )}
        {pedido.entregador && <Typography.Text>Motoboy: {pedido.entregador.nome}</Typography.Text>}
        <CobrancaPedido cobranca={pedido.cobranca} />
        {delivery && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Total {real(pedido.total)} · Taxa {real(pedido.taxaEntrega)}
            {pedido.tempoEntregaMinutos ? ` · Entrega em ${pedido.tempoEntregaMinutos} min` : ''}
          </Typography.Text>
        )}
        <Flex gap={4} wrap style={{ marginTop: 4 }}>
          {pedido.proximos.map((s) => (
            <Button
              key={s}
              size="small"
              type={s === 2 || s === 4 ? 'primary' : 'default'}
              danger={s === 5 || s === 6}
              disabled={ocupado}
              onClick={() => void mover(s)}
            >
              {nomeStatus(s)}
            </Button>
          ))}
          {delivery && pedido.statusExpedicao < 3 && (
            <>
              <Button size="small" icon={<ClockCircleOutlined />} onClick={() => aoEditar('tempo')}>
                Tempo
              </Button>
              <Button size="small" icon={<DollarOutlined />} onClick={() => aoEditar('taxa')}>
                Taxa
              </Button>
              {pedido.statusExpedicao === 0 && (
                <Button size="small" icon={<ShopOutlined />} onClick={() => aoEditar('empresa')}>
                  Loja
                </Button>
              )}
            </>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

const TITULOS: Record<CampoEntrega, string> = {
  tempo: 'Tempo de entrega',
  taxa: 'Taxa de entrega',
  empresa: 'Loja da entrega',
};
const PERMISSOES: Record<CampoEntrega, number> = {
  tempo: PERMISSAO.alterarTempoEntrega,
  taxa: PERMISSAO.alterarTaxaEntrega,
  empresa: PERMISSAO.alterarEmpresaEntrega,
};

/** Delivery time, fee or store: each protected by its permission, released by a supervisor (spec 6). */
function EditarEntrega({
  pedido,
  campo,
  aoFechar,
}: {
  pedido: PedidoExpedicao;
  campo: CampoEntrega;
  aoFechar: (alterou: boolean) => void;
}) {
  const { liberar } = useLiberacaoSupervisor();
  const empresaAtual = useSessao((s) => s.empresa?._id);
  const empresas = useQuery({
    queryKey: chavesExpedicao.empresas(),
    queryFn: buscarEmpresas,
    enabled: campo === 'empresa',
  });
  const [valor, setValor] = useState<number | null>(
    campo === 'tempo' ? (pedido.tempoEntregaMinutos ?? 40) : Number(pedido.taxaEntrega),
  );
  const [loja, setLoja] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const salvar = async () => {
    if (campo === 'empresa' ? !loja : valor === null) return;
    const l = await liberar({ permissao: PERMISSOES[campo], senhaObrigatoria: true });
    if (!l) return;
    setOcupado(true);
    try {
      if (campo === 'tempo') await alterarTempoEntrega(pedido.vendaId, Math.round(valor ?? 0), l.liberacao);
      else if (campo === 'taxa')
        await alterarTaxaEntrega(pedido.vendaId, (valor ?? 0).toFixed(2), l.liberacao);
      else if (loja) await alterarEmpresaEntrega(pedido.vendaId, loja, l.liberacao);
      aoFechar(true);
    } catch {
      setOcupado(false);
    }
  };
  return (
    <Modal
      open
      title={`${TITULOS[campo]} · ${pedido.identificacao}`}
      okText="Salvar"
      cancelText="Cancelar"
      confirmLoading={ocupado}
      onOk={() => void salvar()}
      onCancel={() => aoFechar(false)}
    >
      {campo === 'empresa' ? (
        <Select
          style={{ width: '100%' }}
          size="large"
          placeholder="Loja que fará a entrega"
          aria-label="Loja"
          value={loja}
          onChange={setLoja}
          loading={empresas.isLoading}
          options={(empresas.data ?? [])
            .filter((e) => e._id !== empresaAtual)
            .map((e) => ({ value: e._id, label: e.descricao }))}
        />
      ) : (
        <InputNumber
          autoFocus
          size="large"
          style={{ width: '100%' }}
          min={campo === 'tempo' ? 1 : 0}
          max={campo === 'tempo' ? 600 : 9999}
          precision={campo === 'tempo' ? 0 : 2}
          decimalSeparator=","
          suffix={campo === 'tempo' ? 'min' : undefined}
          prefix={campo === 'taxa' ? 'R$' : undefined}
          value={valor}
          onChange={(v) => setValor(v)}
        />
      )}
    </Modal>
  );
}
