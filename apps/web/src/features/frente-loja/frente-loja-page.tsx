import { BulbOutlined, HomeOutlined, SettingOutlined } from '@ant-design/icons';
import { TIPO_VENDA, type Venda } from '@retaguarda/domain';
import {
  PERMISSAO_DO_MODO_FRENTE_LOJA,
  type PermissaoNegada,
} from '@retaguarda/domain/catalogos/permissao-negada';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Layout, Result, Segmented, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { definirEmpresaDasChamadas } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { definirTema, useSessao } from '../../lib/session/sessao.ts';
import { conectarSocket } from '../../lib/socket/socket-cliente.ts';
import { RenovarLoginDialog } from '../auth/renovar-login-dialog.tsx';
import { AtalhosOperacao } from '../expedicao/atalhos-operacao.tsx';
import { LiberacaoSupervisorProvider } from '../liberacao/liberacao-supervisor.tsx';
import { PermissaoNegadaAviso } from '../permissoes/permissao-negada.tsx';
import { vendasNaFila } from './armazenamento-local.ts';
import { type FuncaoTerminal, lerVinculo, type VinculoTerminal } from './configuracao-terminal.ts';
import { ConfiguracaoTerminalForm } from './configuracao-terminal-form.tsx';
import {
  carregarDadosReferencia,
  type DadosFrenteLoja,
  ErroCarregamento,
  type EstadoPeriodo,
  atualizarPeriodo as lerPeriodoAtual,
} from './dados-referencia.ts';
import { enviarFila } from './fila-offline.ts';
import { criarIndiceProdutos } from './indice-produtos.ts';
import { useTelaCompacta } from './layout-celular.tsx';
import { useReciboVenda } from './recibo-venda.tsx';
import { CHAVE_SITUACAO_COZINHA } from './situacao-cozinha.ts';
import { TelaCaixa } from './tela-caixa.tsx';
import { TelaDelivery } from './tela-delivery.tsx';
import { TelaMesas } from './tela-mesas.tsx';
import { TelaVenda } from './tela-venda.tsx';
import { TelaVendas } from './tela-vendas.tsx';
import { vendaApi } from './venda-api.ts';
import type { AmbienteVenda } from './venda-local.ts';
import { useVerificacaoVersao } from './verificacao-versao.ts';

// The store-front shell 'Frente Loja' (spec 1 section 1): its own layout for 1024x768 touch screens,
// bound to a default company and terminal; the terminal's functions decide the modes offered.

type Modo = 'balcao' | 'mesa' | 'comanda' | 'delivery' | 'caixa' | 'vendas';
const MODOS: { modo: Modo; rotulo: string; funcao: FuncaoTerminal }[] = [
  { modo: 'balcao', rotulo: 'Balcão', funcao: 'balcao' },
  { modo: 'mesa', rotulo: 'Mesa', funcao: 'mesa' },
  { modo: 'comanda', rotulo: 'Comanda', funcao: 'comanda' },
  { modo: 'delivery', rotulo: 'Delivery', funcao: 'delivery' },
  { modo: 'caixa', rotulo: 'Caixa', funcao: 'caixa' },
  { modo: 'vendas', rotulo: 'Vendas', funcao: 'caixa' },
];

/** The terminal's modes the user may use (a waiter on the till terminal gets tables and tabs only). */
function modosDo(dados: DadosFrenteLoja) {
  return MODOS.filter(
    (m) =>
      dados.terminal.funcoes.includes(m.funcao) &&
      (dados.permissoes === null || dados.permissoes.has(PERMISSAO_DO_MODO_FRENTE_LOJA[m.modo])),
  );
}

type Estado =
  | { tipo: 'configurar' }
  | { tipo: 'carregando'; etapa: string }
  | { tipo: 'erro'; mensagem: string; negada?: PermissaoNegada | null }
  | { tipo: 'pronto'; dados: DadosFrenteLoja };

export function FrenteLojaPage() {
  return (
    <LiberacaoSupervisorProvider>
      <FrenteLoja />
      <RenovarLoginDialog />
    </LiberacaoSupervisorProvider>
  );
}

function FrenteLoja() {
  const { token } = theme.useToken();
  const usuario = useSessao((s) => s.usuario);
  const queryClient = useQueryClient();
  const grupo = useSessao((s) => s.grupoEmpresarial);
  const escuro = useSessao((s) => s.escuro);
  // Phones and upright tablets: the header wraps, the modes get a row of their own that scrolls sideways.
  const compacto = useTelaCompacta();
  const [vinculo, setVinculo] = useState<VinculoTerminal>(lerVinculo);
  const [estado, setEstado] = useState<Estado>(() =>
    lerVinculo().empresaPadrao ? { tipo: 'carregando', etapa: 'Empresa' } : { tipo: 'configurar' },
  );
  const [modo, setModo] = useState<Modo>('balcao');
  const [periodo, setPeriodo] = useState<EstadoPeriodo | null>(null);
  const [offline, setOffline] = useState(false);
  const [fila, setFila] = useState<{ pendentes: number; recusadas: number; erros: string[] }>({
    pendentes: 0,
    recusadas: 0,
    erros: [],
  });
  const [contadorVenda, setContadorVenda] = useState(0);
  const recarga = useRef<(() => void) | null>(null);
  const recargaMesas = useRef<(() => void) | null>(null);

  useEffect(() => {
    document.title = 'Frente Loja';
  }, []);

  const carregar = useCallback(async (v: VinculoTerminal) => {
    setEstado({ tipo: 'carregando', etapa: 'Empresa' });
    try {
      const dados = await carregarDadosReferencia(
        v,
        (tipo, mensagem) => notificar({ tipo, mensagem }),
        (etapa) => setEstado({ tipo: 'carregando', etapa }),
      );
      setPeriodo(dados.periodo);
      setOffline(dados.modoLocal);
      const primeira = modosDo(dados)[0];
      if (primeira) setModo(primeira.modo);
      setEstado({ tipo: 'pronto', dados });
    } catch (erro) {
      const mensagem = erro instanceof ErroCarregamento ? erro.message : 'Erro Não Catalogado.';
      const negada = erro instanceof ErroCarregamento ? erro.permissaoNegada : null;
      // Setup errors stay 15 s (spec 1 section 9); a missing permission is told in place of the screen.
      if (!negada) notificar({ tipo: 'error', mensagem, duracao: 15 });
      setEstado({ tipo: 'erro', mensagem, negada });
    }
  }, []);

  // Every call of the POS acts for the store the device is bound to, not the session's (the user may have
  // logged into another store); back in the back-office the session's store is used again.
  useEffect(() => {
    definirEmpresaDasChamadas(vinculo.empresaPadrao?._id ?? null);
    return () => definirEmpresaDasChamadas(null);
  }, [vinculo]);

  useEffect(() => {
    if (vinculo.empresaPadrao) void carregar(vinculo);
  }, [vinculo, carregar]);

  const dados = estado.tipo === 'pronto' ? estado.dados : null;

  // A registration the POS caches changed on the server: reload the lists in place (the open sale stays).
  const recarregarCadastros = useCallback(async () => {
    try {
      const novos = await carregarDadosReferencia(vinculo, (tipo, mensagem) => notificar({ tipo, mensagem }));
      setEstado((e) => (e.tipo === 'pronto' ? { tipo: 'pronto', dados: novos } : e));
      notificar({ tipo: 'info', mensagem: 'Cadastros atualizados pela retaguarda.' });
    } catch {
      // The current lists stay; the next check tries again.
    }
  }, [vinculo]);
  useVerificacaoVersao(dados?.empresa._id, dados?.modoLocal ? undefined : dados?.versao, () => {
    void recarregarCadastros();
  });
  const indice = useMemo(() => (dados ? criarIndiceProdutos(dados.produtos) : null), [dados]);
  // The customer's receipt after a counter, table or tab sale ends (the store's choice; recibo-venda.tsx).
  const recibo = useReciboVenda(dados);
  const amb = useMemo<AmbienteVenda | null>(
    () =>
      dados && usuario && grupo
        ? {
            catalogo: dados.catalogo,
            configuracao: dados.configuracao,
            empresa: dados.empresa._id,
            grupoEmpresarial: grupo._id,
            terminal: dados.terminal._id,
            operador: {
              _id: usuario.usuario._id,
              nome: usuario.usuario.nome,
              codigoInterno: usuario.usuario.codigoInterno,
            },
          }
        : null,
    [dados, usuario, grupo],
  );

  const atualizarPeriodo = useCallback(async () => {
    if (!dados) return;
    setPeriodo(await lerPeriodoAtual(dados.empresa._id, dados.terminal.caixa));
  }, [dados]);

  // Offline queue: count it, and send it every 5 s while something waits (and at once when back online).
  const rodarFilaAgora = useCallback(async (dados: DadosFrenteLoja) => {
    const antes = await vendasNaFila(dados.empresa._id);
    if (antes.some((v) => v.etapa !== 'recusada')) {
      const r = await enviarFila(
        {
          criar: (c) => vendaApi.criar(c, true),
          adicionar: (id, itens, n) =>
            vendaApi.adicionarItens(id, itens, dados.terminal._id, `item:${id}:${n}`, true),
          pagar: (id, pg) => vendaApi.pagar(id, pg, true),
          encerrar: (id) => vendaApi.encerrar(id, true),
        },
        dados.empresa._id,
      );
      if (r.enviadas > 0)
        notificar({
          tipo: 'success',
          mensagem: `${r.enviadas} venda(s) do modo local enviada(s) ao servidor.`,
        });
      setOffline(r.semServidor);
    }
    const depois = await vendasNaFila(dados.empresa._id);
    setFila({
      pendentes: depois.filter((v) => v.etapa !== 'recusada').length,
      recusadas: depois.filter((v) => v.etapa === 'recusada').length,
      erros: depois.filter((v) => v.erro).map((v) => `${v._id.slice(-6)}: ${v.erro}`),
    });
  }, []);

  const rodarFila = useCallback(async () => {
    if (!dados) return;
    try {
      await rodarFilaAgora(dados);
    } catch (erro) {
      notificar({ tipo: 'error', mensagem: `Falha na fila do modo local: ${String(erro)}` });
    }
  }, [dados, rodarFilaAgora]);

  useEffect(() => {
    if (!dados) return;
    void rodarFila();
    const t = setInterval(() => void rodarFila(), 5000);
    const online = () => void rodarFila();
    window.addEventListener('online', online);
    return () => {
      clearInterval(t);
      window.removeEventListener('online', online);
    };
  }, [dados, rodarFila]);

  // Realtime: a sale changed on another terminal -> refetch what this one shows (issue 5 point 7).
  useEffect(() => {
    if (!usuario || !dados) return;
    const conexao = conectarSocket({
      token: usuario.token,
      empresaId: dados.empresa._id,
      aoStatus: () => undefined,
      aoVersaoAtualizada: () => undefined,
    });
    conexao.socket.on('vendaAlterada', () => {
      recarga.current?.();
      recargaMesas.current?.();
    });
    // The kitchen moved an order (start, finish, bump): the open sale's lines read it again (issue 13).
    conexao.socket.on('kdsPedido', () => {
      void queryClient.invalidateQueries({ queryKey: [CHAVE_SITUACAO_COZINHA] });
    });
    return conexao.encerrar;
  }, [usuario, dados, queryClient]);

  const terminarVenda = useCallback(
    (v: Venda | null) => {
      setContadorVenda((c) => c + 1);
      void rodarFila();
      if (v) recibo.aoEncerrar(v);
    },
    [rodarFila, recibo.aoEncerrar],
  );

  const registrarRecarga = useCallback((fn: (() => void) | null) => {
    recarga.current = fn;
  }, []);
  const registrarRecargaMesas = useCallback((fn: (() => void) | null) => {
    recargaMesas.current = fn;
  }, []);

  const modos = dados ? modosDo(dados) : [];

  return (
    <Layout style={{ height: '100vh', overflow: 'hidden' }}>
      <Layout.Header
        style={{
          height: compacto ? 'auto' : 52,
          lineHeight: 'normal',
          padding: compacto ? '4px 8px' : '0 12px',
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Flex align="center" gap={compacto ? 4 : 12} wrap={compacto} style={{ height: '100%' }}>
          <Typography.Title
            level={1}
            style={{ margin: 0, fontSize: 20, whiteSpace: 'nowrap' }}
            data-testid="titulo-frente-loja"
          >
            Frente Loja
          </Typography.Title>
          {dados && !compacto && (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 260 }}>
              {dados.empresa.descricao} · {dados.terminal.descricao}
            </Typography.Text>
          )}
          {dados && modos.length > 0 && (
            <Segmented<Modo>
              size="large"
              value={modo}
              onChange={setModo}
              options={modos.map((m) => ({ value: m.modo, label: m.rotulo }))}
              data-testid="modos"
              style={compacto ? { order: 10, width: '100%', overflowX: 'auto', flex: 'none' } : undefined}
              // A finger needs 44 px: the large items are 36 px high.
              styles={compacto ? { label: { minHeight: 44, lineHeight: '44px' } } : undefined}
            />
          )}
          <span style={{ flex: 1 }} />
          {dados && <AtalhosOperacao funcoes={dados.terminal.funcoes} />}
          {periodo && (
            <Tag color={periodo.periodoAberto ? 'success' : 'default'} data-testid="status-periodo">
              {periodo.periodoAberto ? 'Caixa aberto' : 'Caixa fechado'}
            </Tag>
          )}
          {offline && <Tag color="warning">Modo local</Tag>}
          <Tooltip title="Configurar terminal">
            <Button
              type="text"
              icon={<SettingOutlined />}
              aria-label="Configurar terminal"
              onClick={() => setEstado({ tipo: 'configurar' })}
            />
          </Tooltip>
          <Tooltip title={escuro ? 'Tema claro' : 'Tema escuro'}>
            <Button
              type="text"
              icon={<BulbOutlined />}
              aria-label="Alternar tema"
              data-testid="alternar-tema"
              onClick={() => definirTema(!escuro)}
            />
          </Tooltip>
          <Tooltip title="Retaguarda">
            <Button type="text" icon={<HomeOutlined />} aria-label="Voltar à Retaguarda" href="#/" />
          </Tooltip>
        </Flex>
      </Layout.Header>
      {(fila.pendentes > 0 || fila.recusadas > 0) && (
        <Alert
          banner
          type={fila.recusadas > 0 ? 'error' : 'warning'}
          data-testid="banner-fila"
          title={`Vendas do modo local aguardando envio: ${fila.pendentes}${fila.recusadas ? ` · recusadas pelo servidor: ${fila.recusadas}` : ''}`}
          description={fila.erros.length ? fila.erros.join(' | ') : undefined}
        />
      )}
      <Layout.Content style={{ padding: 12, minHeight: 0, flex: 1, overflow: 'auto' }}>
        {estado.tipo === 'configurar' && (
          <ConfiguracaoTerminalForm
            atual={vinculo}
            aoSalvar={(v) => {
              setVinculo(v);
            }}
          />
        )}
        {estado.tipo === 'carregando' && (
          <Flex vertical align="center" justify="center" style={{ height: '60vh' }} gap={16}>
            <Spin size="large" />
            <Typography.Text data-testid="etapa-carregamento">Carregando {estado.etapa}...</Typography.Text>
          </Flex>
        )}
        {estado.tipo === 'erro' && estado.negada && (
          <PermissaoNegadaAviso negada={estado.negada} tela="a Frente Loja" />
        )}
        {estado.tipo === 'erro' && !estado.negada && (
          <Result
            status="error"
            title="Não foi possível carregar a Frente Loja"
            subTitle={<span data-testid="erro-carregamento">{estado.mensagem}</span>}
            extra={[
              <Button key="r" type="primary" size="large" onClick={() => void carregar(vinculo)}>
                Tentar novamente
              </Button>,
              <Button key="c" size="large" onClick={() => setEstado({ tipo: 'configurar' })}>
                Reconfigurar
              </Button>,
            ]}
          />
        )}
        {dados && modos.length === 0 && (
          <Result
            status="warning"
            title="Este terminal não tem funções de venda ou caixa."
            extra={<AtalhosOperacao funcoes={dados.terminal.funcoes} grande />}
          />
        )}
        {/* No sale screen on a terminal without sale functions (a kitchen TV, the dispatch desk). */}
        {dados && amb && indice && periodo && modos.some((m) => m.modo === modo) && (
          <div style={{ height: '100%' }}>
            {modo === 'balcao' && (
              <TelaVenda
                key={contadorVenda}
                dados={dados}
                indice={indice}
                amb={amb}
                tipoVenda={TIPO_VENDA.balcao}
                titulo="Balcão"
                offline={offline}
                aoOffline={() => setOffline(true)}
                aoTerminar={terminarVenda}
                registrarRecarga={registrarRecarga}
              />
            )}
            {(modo === 'mesa' || modo === 'comanda') && (
              <TelaMesas
                key={modo}
                tipo={modo}
                dados={dados}
                indice={indice}
                amb={amb}
                registrarRecarga={registrarRecarga}
                registrarRecargaMapa={registrarRecargaMesas}
                aoEncerrarVenda={recibo.aoEncerrar}
              />
            )}
            {modo === 'delivery' && (
              <TelaDelivery dados={dados} indice={indice} amb={amb} registrarRecarga={registrarRecarga} />
            )}
            {modo === 'vendas' && (
              <TelaVendas
                dados={dados}
                indice={indice}
                amb={amb}
                periodoId={periodo.periodoId}
                registrarRecarga={registrarRecarga}
              />
            )}
            {modo === 'caixa' && (
              <TelaCaixa dados={dados} periodo={periodo} aoAlterarPeriodo={atualizarPeriodo} />
            )}
          </div>
        )}
      </Layout.Content>
      {recibo.elemento}
    </Layout>
  );
}
