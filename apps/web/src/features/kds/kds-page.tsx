import {
  BulbOutlined,
  CheckOutlined,
  ExpandOutlined,
  FireOutlined,
  HomeOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import {
  type AcaoKds,
  type AcaoTeclado,
  type CorIdade,
  corPorIdade,
  type KdsItem,
  type KdsPedido,
  type KdsPedidoEvento,
  mapaTeclado,
  NOMES_TIPO_VENDA,
  tempoDecorrido,
} from '@retaguarda/domain/kds/kds';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  ConfigProvider,
  Empty,
  Flex,
  Result,
  Spin,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { queryClient } from '../../lib/api/query-client.ts';
import { definirTema, obterSessao, useSessao } from '../../lib/session/sessao.ts';
import { conectarSocket, type StatusSocket } from '../../lib/socket/socket-cliente.ts';
import { PermissaoNegadaAviso, permissaoNegadaDe } from '../permissoes/permissao-negada.tsx';
import {
  agirKds,
  aplicarPedido,
  buscarEstacoes,
  buscarPedidos,
  chavesKds,
  type EstacaoKds,
  type PedidosEstacao,
} from './api.ts';

// Kitchen display of one station (#/frenteLoja/kds/<estacao>): orders of its sectors arrive by socket
// (kdsPedido) and are shown oldest first, timers coloured by age, with start/finish/bump/recall by touch,
// keyboard or bump bar. A montagem station shows every part of an order side by side.

/** Names of the bump-bar actions in the keys legend (kdsTeclado of the station). */
const ROTULO_ACAO: Record<string, string> = {
  proximo: 'próximo',
  anterior: 'anterior',
  iniciar: 'iniciar',
  finalizar: 'pronto',
  despachar: 'bump',
  recall: 'recall',
  telaCheia: 'tela cheia',
};

const ROTULO_STATUS: Record<KdsItem['status'], string> = {
  pendente: 'Pendente',
  producao: 'Em produção',
  pronto: 'Pronto',
  despachado: 'Despachado',
};

export function KdsPage() {
  const { estacao } = useParams();
  return (
    <QueryClientProvider client={queryClient}>
      {estacao ? <TelaEstacao estacaoId={estacao} /> : <EscolherEstacao />}
    </QueryClientProvider>
  );
}

function useAgora(intervaloMs = 1000): string {
  const [agora, setAgora] = useState(() => new Date().toISOString());
  useEffect(() => {
    const t = setInterval(() => setAgora(new Date().toISOString()), intervaloMs);
    return () => clearInterval(t);
  }, [intervaloMs]);
  return agora;
}

/** A TV seen from across the kitchen gets larger type and cards than a tablet held in the hand. */
function useEscalaTela(): number {
  const largura = useSyncExternalStore(
    (avisar) => {
      window.addEventListener('resize', avisar);
      return () => window.removeEventListener('resize', avisar);
    },
    () => window.innerWidth,
  );
  return largura >= 1600 ? 1.3 : 1;
}

function EscolherEstacao() {
  const empresa = useSessao((s) => s.empresa);
  const { token } = theme.useToken();
  const estacoes = useQuery({
    queryKey: chavesKds.estacoes(empresa?._id ?? ''),
    queryFn: buscarEstacoes,
    enabled: Boolean(empresa),
  });
  const negada = permissaoNegadaDe(estacoes.error);
  return (
    <Flex vertical gap={24} style={{ padding: 32, minHeight: '100vh', background: token.colorBgLayout }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        KDS · {empresa?.descricao}
      </Typography.Title>
      {!negada && <Typography.Text type="secondary">Escolha a estação deste monitor.</Typography.Text>}
      {estacoes.isLoading && <Spin size="large" />}
      {negada && <PermissaoNegadaAviso negada={negada} tela="o KDS" />}
      {estacoes.data?.length === 0 && (
        <Empty description="Nenhuma estação KDS cadastrada para esta loja (Retaguarda > KDS Estação)." />
      )}
      <Flex wrap gap={16}>
        {estacoes.data?.map((e) => (
          <Button
            key={e._id}
            type="primary"
            size="large"
            style={{ minWidth: 240, height: 96, fontSize: 22 }}
            href={`#/frenteLoja/kds/${e._id}`}
          >
            {e.descricao}
            <Typography.Text style={{ color: 'inherit', opacity: 0.8 }}>
              {' '}
              ({e.tipo === 'montagem' ? 'Montagem' : 'Produção'})
            </Typography.Text>
          </Button>
        ))}
      </Flex>
      <Flex gap={8} wrap>
        <Button icon={<HomeOutlined />} href="#/frenteLoja">
          Frente Loja
        </Button>
        <Button href="#/frenteLoja/expedicao">Expedição</Button>
        <Button href="#/frenteLoja/saidaMotoboy">Saída de Motoboy</Button>
        <Button href="#/frenteLoja/portaria">Portaria</Button>
        <Button
          icon={<BulbOutlined />}
          aria-label="Alternar tema"
          data-testid="alternar-tema"
          onClick={() => definirTema(!obterSessao().escuro)}
        >
          Tema
        </Button>
      </Flex>
    </Flex>
  );
}

function TelaEstacao({ estacaoId }: { estacaoId: string }) {
  const { token } = theme.useToken();
  const usuario = useSessao((s) => s.usuario);
  const empresa = useSessao((s) => s.empresa);
  const escuro = useSessao((s) => s.escuro);
  const agora = useAgora();
  const [status, setStatus] = useState<StatusSocket>('conectando');
  const [selecionado, setSelecionado] = useState(0);
  const [ocupado, setOcupado] = useState(false);
  const escala = useEscalaTela();
  const chave = useMemo(() => chavesKds.pedidos(estacaoId), [estacaoId]);
  const dados = useQuery({ queryKey: chave, queryFn: () => buscarPedidos(estacaoId), staleTime: 30_000 });
  const estacoes = useQuery({
    queryKey: chavesKds.estacoes(empresa?._id ?? ''),
    queryFn: buscarEstacoes,
    enabled: Boolean(empresa),
  });
  const estacao: EstacaoKds | undefined = estacoes.data?.find((e) => e._id === estacaoId);
  const montagem = dados.data?.estacao.tipo === 'montagem';
  const nomesEstacao = useMemo(
    () => new Map((estacoes.data ?? []).map((e) => [e._id, e.descricao])),
    [estacoes.data],
  );

  // Realtime: the server sends the whole order of this station; a montagem refetches on any kitchen change.
  useEffect(() => {
    if (!usuario || !empresa) return;
    const conexao = conectarSocket({
      token: usuario.token,
      empresaId: empresa._id,
      aoStatus: setStatus,
      aoVersaoAtualizada: () => undefined,
    });
    let agendado: ReturnType<typeof setTimeout> | null = null;
    conexao.socket.on('kdsPedido', (e: KdsPedidoEvento) => {
      const atual = queryClient.getQueryData<PedidosEstacao>(chave);
      if (atual && atual.estacao.tipo !== 'montagem') {
        if (e.estacao === estacaoId) queryClient.setQueryData(chave, aplicarPedido(atual, e.pedido));
        return;
      }
      agendado ??= setTimeout(() => {
        agendado = null;
        void queryClient.invalidateQueries({ queryKey: chave });
      }, 150);
    });
    conexao.socket.on('connect', () => void queryClient.invalidateQueries({ queryKey: chave }));
    // Fallback when a socket event is lost: refresh every 30 s.
    const t = setInterval(() => void queryClient.invalidateQueries({ queryKey: chave }), 30_000);
    return () => {
      clearInterval(t);
      if (agendado) clearTimeout(agendado);
      conexao.encerrar();
    };
  }, [usuario, empresa, estacaoId, chave]);

  const pedidos = dados.data?.pedidos ?? [];
  const atual = pedidos[Math.min(selecionado, Math.max(pedidos.length - 1, 0))];

  const agir = useCallback(
    async (pedido: KdsPedido | undefined, acao: AcaoKds, itens?: string[]) => {
      if (!pedido || ocupado) return;
      setOcupado(true);
      try {
        const r = await agirKds(estacaoId, pedido.vendaId, acao, itens);
        const lista = queryClient.getQueryData<PedidosEstacao>(chave);
        if (r && lista && !montagem) queryClient.setQueryData(chave, aplicarPedido(lista, r));
        else await queryClient.invalidateQueries({ queryKey: chave });
      } catch {
        // The API client already showed the server's message.
      } finally {
        setOcupado(false);
      }
    },
    [estacaoId, chave, montagem, ocupado],
  );

  const recall = useCallback(() => void agir(dados.data?.despachados[0], 'recall'), [agir, dados.data]);

  const teclado = useMemo(() => mapaTeclado(estacao?.teclas), [estacao?.teclas]);
  const acaoRef = useRef<(a: AcaoTeclado) => void>(() => undefined);
  acaoRef.current = (a: AcaoTeclado) => {
    if (a === 'proximo') setSelecionado((s) => Math.min(s + 1, Math.max(pedidos.length - 1, 0)));
    else if (a === 'anterior') setSelecionado((s) => Math.max(s - 1, 0));
    else if (a === 'recall') recall();
    else if (a === 'telaCheia') void alternarTelaCheia();
    else void agir(atual, a);
  };
  useEffect(() => {
    const tecla = (ev: KeyboardEvent) => {
      if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLTextAreaElement) return;
      const a = teclado[ev.key];
      if (!a) return;
      ev.preventDefault();
      acaoRef.current(a);
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  }, [teclado]);

  const negada = permissaoNegadaDe(estacoes.error);
  if (negada) {
    return (
      <Flex vertical justify="center" style={{ minHeight: '100vh', background: token.colorBgLayout }}>
        <PermissaoNegadaAviso negada={negada} tela="o KDS" />
      </Flex>
    );
  }
  if (dados.isError) {
    return (
      <Result
        status="error"
        title="Não foi possível abrir a estação"
        extra={<Button href="#/frenteLoja/kds">Escolher estação</Button>}
      />
    );
  }

  const limites = {
    tempoAlerta: dados.data?.estacao.tempoAlerta,
    tempoAtraso: dados.data?.estacao.tempoAtraso,
  };
  return (
    // No click ripple: a bump removes its card at once, and antd's ripple ending on a removed button throws
    // ('reading __rc_react_root__' of an undefined holder) into the page.
    <ConfigProvider theme={{ token: { fontSize: Math.round(14 * escala) } }} wave={{ disabled: true }}>
      <Flex vertical style={{ height: '100vh', background: token.colorBgLayout }} data-testid="tela-kds">
        <Flex
          align="center"
          gap={12}
          style={{
            padding: '8px 16px',
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            flexWrap: 'wrap',
          }}
        >
          <Typography.Title
            level={1}
            style={{ margin: 0, fontSize: 24 * escala }}
            data-testid="titulo-estacao"
          >
            {dados.data?.estacao.descricao ?? 'KDS'}
          </Typography.Title>
          <Tag color={montagem ? 'purple' : 'blue'}>{montagem ? 'Montagem' : 'Produção'}</Tag>
          <Typography.Text strong data-testid="contador-pedidos">
            {pedidos.length} {pedidos.length === 1 ? 'pedido' : 'pedidos'}
          </Typography.Text>
          <span style={{ flex: 1 }} />
          <Tag color={status === 'conectado' ? 'success' : status === 'conectando' ? 'warning' : 'error'}>
            {status === 'conectado' ? 'Online' : status === 'conectando' ? 'Conectando' : 'Offline'}
          </Tag>
          <Typography.Text style={{ fontSize: 20 * escala, fontVariantNumeric: 'tabular-nums' }}>
            {new Date(agora).toLocaleTimeString('pt-BR')}
          </Typography.Text>
          {!montagem && (
            <Button
              size="large"
              icon={<RollbackOutlined />}
              disabled={!dados.data?.despachados.length}
              onClick={recall}
              data-testid="recall"
            >
              Recall
            </Button>
          )}
          <Tooltip title="Tela cheia (F11)">
            <Button
              size="large"
              icon={<ExpandOutlined />}
              aria-label="Tela cheia"
              onClick={alternarTelaCheia}
            />
          </Tooltip>
          <Tooltip title={escuro ? 'Tema claro' : 'Tema escuro'}>
            <Button
              size="large"
              icon={<BulbOutlined />}
              aria-label="Alternar tema"
              data-testid="alternar-tema"
              onClick={() => definirTema(!escuro)}
            />
          </Tooltip>
          <Tooltip title="Trocar estação">
            <Button
              size="large"
              icon={<HomeOutlined />}
              aria-label="Trocar estação"
              href="#/frenteLoja/kds"
            />
          </Tooltip>
        </Flex>
        <div
          style={{
            flex: 1,
            minHeight: 0,
            overflow: 'auto',
            padding: 12,
            display: 'grid',
            gap: 12,
            gridTemplateColumns: `repeat(auto-fill, minmax(min(${Math.round(300 * escala)}px, 100%), 1fr))`,
            alignContent: 'start',
            alignItems: 'start',
          }}
          data-testid="pedidos-kds"
        >
          {dados.isLoading && <Spin size="large" />}
          {!dados.isLoading && pedidos.length === 0 && (
            <Empty style={{ gridColumn: '1 / -1', marginTop: 80 }} description="Nenhum pedido em aberto" />
          )}
          {pedidos.map((p, i) => (
            <CartaoPedido
              key={p.vendaId}
              pedido={p}
              cor={corPorIdade(p.recebidoEm, agora, limites)}
              decorrido={tempoDecorrido(p.recebidoEm, agora)}
              selecionado={p === atual}
              montagem={montagem}
              escala={escala}
              nomesEstacao={nomesEstacao}
              ocupado={ocupado}
              aoSelecionar={() => setSelecionado(i)}
              aoAgir={(a, itens) => void agir(p, a, itens)}
            />
          ))}
        </div>
        <Flex
          gap={16}
          style={{
            padding: '4px 16px',
            background: token.colorBgContainer,
            borderTop: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Typography.Text type="secondary" data-testid="legenda-teclas">
            Teclas: ←/→ selecionar · I iniciar · F pronto · Enter bump · R recall · F11 tela cheia
            {estacao?.teclas.length
              ? ` · Bump bar: ${estacao.teclas.map((t) => `${t.tecla} ${ROTULO_ACAO[t.acao] ?? t.acao}`).join(' · ')}`
              : ''}
          </Typography.Text>
        </Flex>
      </Flex>
    </ConfigProvider>
  );
}

async function alternarTelaCheia(): Promise<void> {
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  } catch {
    // Some TVs' browsers refuse full screen outside a user gesture: F11 still works there.
  }
}

function CartaoPedido({
  pedido,
  cor,
  decorrido,
  selecionado,
  montagem,
  escala,
  nomesEstacao,
  ocupado,
  aoSelecionar,
  aoAgir,
}: {
  pedido: KdsPedido;
  escala: number;
  cor: CorIdade;
  decorrido: string;
  selecionado: boolean;
  montagem: boolean;
  nomesEstacao: Map<string, string>;
  ocupado: boolean;
  aoSelecionar: () => void;
  aoAgir: (a: AcaoKds, itens?: string[]) => void;
}) {
  const { token } = theme.useToken();
  const fundo = { normal: token.colorSuccessBg, alerta: token.colorWarningBg, atrasado: token.colorErrorBg }[
    cor
  ];
  const borda = {
    normal: token.colorSuccessBorder,
    alerta: token.colorWarningBorder,
    atrasado: token.colorErrorBorder,
  }[cor];
  const texto = {
    normal: token.colorSuccessText,
    alerta: token.colorWarningText,
    atrasado: token.colorErrorText,
  }[cor];
  const ativos = pedido.itens.filter((i) => !i.cancelado);
  const algumPendente = ativos.some((i) => i.status === 'pendente');
  const todosProntos = ativos.every((i) => i.status === 'pronto' || i.status === 'despachado');
  return (
    <Card
      size="small"
      onClick={aoSelecionar}
      data-testid={`pedido-${pedido.vendaId}`}
      data-venda={pedido.vendaId}
      aria-current={selecionado ? 'true' : undefined}
      data-cor={cor}
      style={{
        borderColor: selecionado ? token.colorPrimary : borda,
        borderWidth: selecionado ? 3 : 1,
        boxShadow: selecionado ? token.boxShadow : undefined,
      }}
      styles={{
        header: { background: fundo, borderBottom: `1px solid ${borda}` },
        body: { padding: 12 },
      }}
      title={
        <Flex align="center" gap={8}>
          <Typography.Text strong style={{ fontSize: 20 * escala }} data-testid="identificacao">
            {pedido.identificacao}
          </Typography.Text>
          {pedido.tipoVenda !== 54 && pedido.tipoVenda !== 56 && (
            <Tag>{NOMES_TIPO_VENDA[pedido.tipoVenda] ?? ''}</Tag>
          )}
          <span style={{ flex: 1 }} />
          {/* Bold 700 on the element itself (not antd's 600 <strong>): large bold text, readable in red on red. */}
          <Typography.Text
            style={{
              fontSize: 20 * escala,
              fontWeight: 700,
              color: texto,
              fontVariantNumeric: 'tabular-nums',
            }}
            data-testid="cronometro"
          >
            {decorrido}
          </Typography.Text>
        </Flex>
      }
    >
      {(pedido.cliente || pedido.atendente) && (
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 6 }}>
          {[pedido.cliente, pedido.atendente && `Atendente: ${pedido.atendente}`].filter(Boolean).join(' · ')}
        </Typography.Text>
      )}
      <Flex vertical gap={8}>
        {pedido.itens.map((i) => (
          <LinhaItem
            key={i._id}
            item={i}
            escala={escala}
            // One dish at a time: touching a line starts it, touching it again marks it ready.
            aoTocar={
              montagem || i.cancelado || (i.status !== 'pendente' && i.status !== 'producao')
                ? undefined
                : () => aoAgir(i.status === 'pendente' ? 'iniciar' : 'finalizar', [i._id])
            }
            estacao={montagem ? (nomesEstacao.get(i.estacao) ?? '') : null}
          />
        ))}
      </Flex>
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        {!montagem && algumPendente && (
          <Button
            size="large"
            icon={<FireOutlined />}
            disabled={ocupado}
            onClick={(e) => {
              e.stopPropagation();
              aoAgir('iniciar');
            }}
          >
            Iniciar
          </Button>
        )}
        {!montagem && !todosProntos && (
          <Button
            size="large"
            icon={<CheckOutlined />}
            disabled={ocupado}
            onClick={(e) => {
              e.stopPropagation();
              aoAgir('finalizar');
            }}
          >
            Pronto
          </Button>
        )}
        <Button
          size="large"
          type="primary"
          icon={<SendOutlined />}
          disabled={ocupado || (montagem && !todosProntos)}
          style={{ flex: 1 }}
          onClick={(e) => {
            e.stopPropagation();
            aoAgir('despachar');
          }}
          data-testid="bump"
        >
          {montagem ? 'Montado' : 'Bump'}
        </Button>
      </Flex>
    </Card>
  );
}

function LinhaItem({
  item,
  estacao,
  escala,
  aoTocar,
}: {
  item: KdsItem;
  estacao: string | null;
  escala: number;
  aoTocar?: (() => void) | undefined;
}) {
  const { token } = theme.useToken();
  const riscado = item.cancelado ? { textDecoration: 'line-through', opacity: 0.6 } : {};
  const cor =
    item.status === 'pronto' || item.status === 'despachado'
      ? 'success'
      : item.status === 'producao'
        ? 'processing'
        : 'default';
  return (
    <div
      data-testid="item-kds"
      style={{ borderBottom: `1px dashed ${token.colorBorderSecondary}`, paddingBottom: 6 }}
    >
      <Flex align="baseline" gap={8}>
        <Typography.Text strong style={{ fontSize: 18 * escala, ...riscado }}>
          {Number(item.quantidade)}x {item.descricao}
        </Typography.Text>
        <span style={{ flex: 1 }} />
        {item.cancelado ? (
          <Tag color="error">Cancelado</Tag>
        ) : aoTocar ? (
          <Button
            size="small"
            type="text"
            style={{ padding: 0, height: 'auto' }}
            aria-label={`${item.status === 'pendente' ? 'Iniciar' : 'Pronto'}: ${item.descricao}`}
            onClick={(e) => {
              e.stopPropagation();
              aoTocar();
            }}
          >
            <Tag color={cor} style={{ marginInlineEnd: 0 }}>
              {ROTULO_STATUS[item.status]}
            </Tag>
          </Button>
        ) : (
          <Tag color={cor}>{ROTULO_STATUS[item.status]}</Tag>
        )}
      </Flex>
      {estacao && <Typography.Text type="secondary">{estacao}</Typography.Text>}
      {item.partes.length > 0 && (
        <ul style={{ margin: '2px 0 0', paddingLeft: 20 }}>
          {item.partes.map((p) => (
            <li key={`${p.descricao}-${p.quantidadeParte}`}>
              <Typography.Text style={riscado}>
                {fracao(p.quantidadeParte, item.partes)} {p.descricao}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
      {item.adicionais.map((a) => (
        <Typography.Text key={a} style={{ display: 'block', paddingLeft: 8, ...riscado }}>
          + {a}
        </Typography.Text>
      ))}
      {item.obs && (
        <Typography.Text
          strong
          style={{ display: 'block', color: token.colorWarningTextActive }}
          data-testid="obs-item"
        >
          Obs: {item.obs}
        </Typography.Text>
      )}
    </div>
  );
}

/** The fraction of a pizza part (½, ⅓, ¼ or n/d). */
function fracao(parte: number, partes: readonly { quantidadeParte: number }[]): string {
  const total = partes.reduce((s, p) => s + p.quantidadeParte, 0);
  const simbolos: Record<string, string> = { '1/2': '½', '1/3': '⅓', '2/3': '⅔', '1/4': '¼', '3/4': '¾' };
  const k = `${parte}/${total}`;
  return simbolos[k] ?? k;
}
