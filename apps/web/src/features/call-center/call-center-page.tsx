import {
  CloseOutlined,
  DeleteOutlined,
  EditOutlined,
  EnvironmentOutlined,
  MinusOutlined,
  PlusCircleOutlined,
  PlusOutlined,
  ShopOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { formatarCpfCnpj, formatarMoeda, TIPO_VENDA, tentar, type Venda } from '@retaguarda/domain';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Modal,
  Result,
  Segmented,
  Select,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErroApi } from '../../lib/api/cliente.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useEventoEstavel } from '../../lib/react/use-evento-estavel.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { TelaFrente } from '../expedicao/tela-frente.tsx';
import { BuscaProduto, type BuscaProdutoControle } from '../frente-loja/busca-produto.tsx';
import {
  BuscaCliente,
  descricaoPessoa,
  type Pessoa,
  paraClienteVenda,
} from '../frente-loja/cliente-busca.tsx';
import { CpfNotaDialog, TECLA_CPF_NOTA } from '../frente-loja/cpf-nota-dialog.tsx';
import type { ProdutoFrenteLoja, SugestaoFrenteLoja } from '../frente-loja/dados-referencia.ts';
import { criarIndiceProdutos } from '../frente-loja/indice-produtos.ts';
import { BotaoGrande, ItensVenda } from '../frente-loja/itens-venda.tsx';
import { PizzaDialog } from '../frente-loja/pizza-dialog.tsx';
import { ajusteSugestaoTexto } from '../frente-loja/tela-venda.tsx';
import { AdicionaisDialog } from './adicionais-dialog.tsx';
import {
  type CatalogoDaLoja,
  callCenterApi,
  type PedidoEnviado,
  type Roteamento,
} from './call-center-api.ts';
import { HistoricoResumo } from './historico-resumo.tsx';
import {
  type EscolhaPagamento,
  erroPagamento,
  escolhaEmOutraLoja,
  escolhaPadrao,
  PainelPagamento,
  pagamentoParaEnvio,
  resumoPagamento,
} from './pagamento-pedido.tsx';
import {
  adicionarAdicional,
  adicionarLinha,
  alterarObs,
  alterarQuantidade,
  itensEnvio,
  type LojaPedido,
  linhaDe,
  montarVenda,
  novoPedido,
  type Pedido,
  produtosDoPedido,
  removerSelecao,
  type Selecao,
  TIPOS_ADICIONAL,
} from './pedido.ts';
import { DetalhePedido, emAndamento, PedidosEnviados } from './pedidos-enviados.tsx';
import { type ExpedicaoAlterada, useExpedicaoDoGrupo } from './tempo-real.ts';

// Call-center mode (#/frenteLoja/callCenter, spec 1 sections 1 and 2, issue 5 point 6): one place takes
// counter and delivery orders for several stores of the group (no table search here). The attendant picks
// or registers the customer (the POS's customer search) and sees his history; the server geocodes the
// address and says which store covers it and what the delivery costs there; the order is built with that
// store's products and prices (pizza builder, notes, additions, quantities; combos and promotions from the
// domain engine), with the payment agreed (prepaid, or collected by the rider with the change to take) and,
// when sent, created by the server in the store it routes to, straight to that store's kitchen and
// expedition. "Pedidos de hoje" follows the orders sent, live. Switching store re-checks the products on
// the server ('Produto ... não esta ativo para a esta Loja.') and changes nothing when refused.

type Tipo = 53 | 55;
type Aba = 'atendimento' | 'pedidos';

type EstadoLoja =
  | { tipo: 'semLoja' }
  | { tipo: 'localizando' }
  | { tipo: 'erro'; mensagem: string }
  | { tipo: 'pronta'; roteamento: Roteamento };

interface Ordem {
  pedido: Pedido;
  venda: Venda;
  selecoes: Map<number, Selecao>;
}

const metros = (m: number | null) =>
  m === null ? '' : m < 1000 ? `${m} m` : `${(m / 1000).toFixed(1).replace('.', ',')} km`;

const mesmaSelecao = (a: Selecao | null, b: Selecao) =>
  a !== null && a.linha === b.linha && a.adicional === b.adicional;

/** Typing in a field: the single-key shortcuts (+, -, Delete, arrows) belong to it. */
const digitando = (alvo: EventTarget | null) =>
  alvo instanceof HTMLElement &&
  (alvo.tagName === 'INPUT' || alvo.tagName === 'TEXTAREA' || alvo.isContentEditable);

/** The call center's tags on a search result: pizzas open the builder, additions go with a line. */
const marcasCallCenter = (r: ProdutoFrenteLoja) => (
  <>
    {(r.maximoFracao ?? 1) > 1 && <Tag style={{ marginInlineStart: 8 }}>Pizza</Tag>}
    {TIPOS_ADICIONAL.has(r.tipoProduto) && <Tag style={{ marginInlineStart: 8 }}>Adicional</Tag>}
  </>
);

export function CallCenterPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <CallCenter />
    </QueryClientProvider>
  );
}

function CallCenter() {
  const usuario = useSessao((s) => s.usuario);
  const grupo = useSessao((s) => s.grupoEmpresarial);
  const lojas = useQuery({
    queryKey: ['callCenter', 'lojas'],
    queryFn: callCenterApi.lojas,
    staleTime: 60_000,
  });
  const enviados = useQuery({
    queryKey: ['callCenter', 'pedidos'],
    queryFn: callCenterApi.pedidos,
    refetchInterval: 60_000,
  });
  const recarregarEnviados = useRef<ReturnType<typeof setTimeout> | null>(null);
  const agendarRecarga = useCallback(() => {
    recarregarEnviados.current ??= setTimeout(() => {
      recarregarEnviados.current = null;
      void queryClient.invalidateQueries({ queryKey: ['callCenter', 'pedidos'] });
    }, 300);
  }, []);
  // The event carries the new status: the row changes at once; the list is read again shortly after.
  const status = useExpedicaoDoGrupo((e: ExpedicaoAlterada) => {
    const lista = queryClient.getQueryData<PedidoEnviado[]>(['callCenter', 'pedidos']);
    if (!lista?.some((p) => p.vendaId === e.vendaId)) return;
    queryClient.setQueryData<PedidoEnviado[]>(['callCenter', 'pedidos'], (atual) =>
      atual?.map((p) =>
        p.vendaId === e.vendaId && e.versao >= p.versao
          ? { ...p, statusExpedicao: e.statusExpedicao, entregador: e.entregador, versao: e.versao }
          : p,
      ),
    );
    agendarRecarga();
  }, agendarRecarga);

  const [aba, setAba] = useState<Aba>('atendimento');
  const [aberto, setAberto] = useState<PedidoEnviado | null>(null);
  const [atendimento, setAtendimento] = useState(0);
  const [cliente, setCliente] = useState<Pessoa | null>(null);
  const [tipo, setTipo] = useState<Tipo>(TIPO_VENDA.delivery);
  const [loja, setLoja] = useState<EstadoLoja>({ tipo: 'semLoja' });
  const [escolhaManual, setEscolhaManual] = useState(false);
  const [catalogo, setCatalogo] = useState<(CatalogoDaLoja & { empresa: string }) | null>(null);
  const [ordem, setOrdem] = useState<Ordem | null>(null);
  const ordemRef = useRef<Ordem | null>(null);
  ordemRef.current = ordem;
  const [selecao, setSelecao] = useState<Selecao | null>(null);
  const [pagamento, setPagamento] = useState<EscolhaPagamento>({
    modo: 'naEntrega',
    forma: null,
    trocoPara: null,
    observacao: '',
  });
  const busca = useRef<BuscaProdutoControle>(null);
  const [pizza, setPizza] = useState<ProdutoFrenteLoja | null>(null);
  const [obs, setObs] = useState<{ selecao: Selecao; texto: string } | null>(null);
  const [adicionaisDe, setAdicionaisDe] = useState<number | null>(null);
  // Suggested products (vendaSugestaoProduto) of the last product launched, as the POS offers them.
  const [sugestoes, setSugestoes] = useState<SugestaoFrenteLoja[]>([]);
  const [enviando, setEnviando] = useState(false);
  // CPF na nota of the order (F3), checked as typed; the server refuses a wrong one before creating anything.
  const [cpfNota, setCpfNota] = useState<string | null>(null);
  const [cpfAberto, setCpfAberto] = useState(false);
  const [enviado, setEnviado] = useState<{
    id: string;
    numero: number;
    loja: string;
    total: string;
    pagamento: string;
  } | null>(null);
  const catalogos = useRef(new Map<string, Promise<CatalogoDaLoja>>());

  useEffect(() => {
    document.title = 'Call Center';
  }, []);

  const lojaPedido = useCallback(
    (c: CatalogoDaLoja & { empresa: string }): LojaPedido | null =>
      usuario && grupo
        ? {
            empresa: c.empresa,
            grupoEmpresarial: grupo._id,
            catalogo: c.catalogo,
            configuracao: c.configuracao,
            operador: {
              _id: usuario.usuario._id,
              nome: usuario.usuario.nome,
              codigoInterno: usuario.usuario.codigoInterno,
            },
          }
        : null,
    [usuario, grupo],
  );

  const catalogoDe = (empresa: string) => {
    let p = catalogos.current.get(empresa);
    if (!p) {
      p = callCenterApi.catalogo(empresa);
      catalogos.current.set(empresa, p);
      p.catch(() => catalogos.current.delete(empresa));
    }
    return p;
  };

  /** Applies a change of the lines if the engine accepts it (pizza parts, quantities); else says why. */
  const aplicar = (pedido: Pedido, selecionar?: Selecao | null): boolean => {
    if (!catalogo) return false;
    const lp = lojaPedido(catalogo);
    if (!lp) return false;
    const r = tentar(() => montarVenda(pedido, lp, new Date().toISOString()));
    if (!r.ok) {
      notificar({ tipo: 'error', mensagem: r.mensagem });
      return false;
    }
    setOrdem({ pedido, ...r.valor });
    if (selecionar !== undefined) setSelecao(selecionar);
    return true;
  };

  /**
   * Asks the server where the order goes (`empresa`: the attendant's choice, else by address) with the
   * products already in the order, then re-prices the lines in that store. A refusal keeps everything.
   */
  const irParaLoja = async (t: Tipo, p: Pessoa, empresa: string | undefined, manual: boolean) => {
    const atual = ordemRef.current;
    const produtos = atual ? produtosDoPedido(atual.pedido).map((x) => x._id) : [];
    const primeira = loja.tipo !== 'pronta';
    if (primeira) setLoja({ tipo: 'localizando' });
    try {
      const r = await callCenterApi.rotear({
        tipoVenda: t,
        cliente: p._id,
        ...(empresa ? { empresa } : {}),
        ...(produtos.length ? { produtos } : {}),
      });
      const c = { ...(await catalogoDe(r.loja._id)), empresa: r.loja._id };
      const lp = lojaPedido(c);
      if (!lp) return;
      const base = atual?.pedido ?? novoPedido(t, paraClienteVenda(p), r.distanciaMetros);
      const pedido: Pedido = {
        ...base,
        tipoVenda: t,
        cliente: paraClienteVenda(p),
        distanciaMetros: r.distanciaMetros,
      };
      const montado = tentar(() => montarVenda(pedido, lp, new Date().toISOString()));
      if (!montado.ok) throw new ErroApi('envelope', montado.mensagem);
      setPagamento((e) =>
        catalogo && e.forma
          ? escolhaEmOutraLoja(e, catalogo.formasPagamento, c.formasPagamento)
          : escolhaPadrao(c.formasPagamento),
      );
      if (c.empresa !== catalogo?.empresa) setSugestoes([]);
      setCatalogo(c);
      setOrdem({ pedido, ...montado.valor });
      setTipo(t);
      setEscolhaManual(manual);
      setLoja({ tipo: 'pronta', roteamento: r });
    } catch (erro) {
      const mensagem = erro instanceof ErroApi ? erro.message : 'Erro Não Catalogado.';
      if (primeira) setLoja({ tipo: 'erro', mensagem });
      // A refused switch keeps the store and the order as they were.
      else notificar({ tipo: 'error', mensagem });
    }
  };

  const escolherCliente = (p: Pessoa) => {
    setCliente(p);
    setOrdem(null);
    setCatalogo(null);
    setSelecao(null);
    setLoja({ tipo: 'semLoja' });
    if (tipo === TIPO_VENDA.delivery) void irParaLoja(TIPO_VENDA.delivery, p, undefined, false);
  };

  const mudarTipo = (t: Tipo) => {
    if (!cliente) {
      setTipo(t);
      return;
    }
    const atual = loja.tipo === 'pronta' ? loja.roteamento.loja._id : undefined;
    if (t === TIPO_VENDA.balcao) {
      if (atual) void irParaLoja(t, cliente, atual, true);
      else {
        setTipo(t);
        setLoja({ tipo: 'semLoja' });
      }
    } else void irParaLoja(t, cliente, undefined, false);
  };

  const novoAtendimento = () => {
    setCliente(null);
    setOrdem(null);
    setCatalogo(null);
    setLoja({ tipo: 'semLoja' });
    setEnviado(null);
    busca.current?.limpar();
    setSelecao(null);
    setEscolhaManual(false);
    setPagamento({ modo: 'naEntrega', forma: null, trocoPara: null, observacao: '' });
    setCpfNota(null);
    setSugestoes([]);
    setAtendimento((n) => n + 1);
    setAba('atendimento');
  };

  const indice = useMemo(() => (catalogo ? criarIndiceProdutos(catalogo.produtos) : null), [catalogo]);
  const porProduto = useMemo(() => new Map((catalogo?.produtos ?? []).map((p) => [p._id, p])), [catalogo]);
  const adicionaisDaLoja = useMemo(
    () => (catalogo ? catalogo.produtos.filter((p) => TIPOS_ADICIONAL.has(p.tipoProduto)) : []),
    [catalogo],
  );
  const sabores = useMemo(
    () =>
      pizza && catalogo
        ? catalogo.produtos.filter((x) => x.maximoFracao === pizza.maximoFracao && x.tipoProduto === 'Normal')
        : [],
    [pizza, catalogo],
  );

  const venda = ordem?.venda ?? null;
  const pedido = ordem?.pedido ?? null;
  const selecionado = useMemo(() => {
    if (!ordem || !selecao) return null;
    for (const [n, s] of ordem.selecoes) if (mesmaSelecao(selecao, s)) return n;
    return null;
  }, [ordem, selecao]);
  const aoSelecionar = useCallback((n: number) => setSelecao(ordemRef.current?.selecoes.get(n) ?? null), []);
  /** The line additions go with: the selected one (or the line of the selected addition), else the last. */
  const linhaAlvo = selecao?.linha ?? (pedido && pedido.linhas.length > 0 ? pedido.linhas.length - 1 : null);

  const adicionar = (p: ProdutoFrenteLoja, qtd?: string) => {
    if (!pedido) return;
    if ((p.maximoFracao ?? 1) > 1) {
      // Opened after the Enter that chose it is over: its default action would hit the dialog's button.
      setTimeout(() => setPizza(p), 0);
      return;
    }
    if (TIPOS_ADICIONAL.has(p.tipoProduto) && linhaAlvo !== null) {
      adicionarNaLinha(linhaAlvo, p, qtd);
      return;
    }
    novaLinha(p, qtd ? { quantidade: qtd } : {});
  };

  /** A new line; a line not launched from a suggestion offers the suggestions of its product. */
  const novaLinha = (p: ProdutoFrenteLoja, opcoes: Parameters<typeof adicionarLinha>[2] = {}) => {
    if (!pedido) return;
    if (!aplicar(adicionarLinha(pedido, p, opcoes), { linha: pedido.linhas.length, adicional: null })) return;
    setSugestoes(
      opcoes.sugestao
        ? []
        : (catalogo?.sugestoes ?? []).filter(
            (x) => x.produtosOrigem.includes(p._id) && porProduto.has(x.produto) && x.produto !== p._id,
          ),
    );
  };

  const adicionarNaLinha = (linha: number, p: ProdutoFrenteLoja, qtd?: string) => {
    if (!pedido) return;
    const novo = adicionarAdicional(pedido, linha, p, qtd ?? '1');
    const adicional = novo.linhas[linha]?.adicionais.findIndex((a) => a.produto._id === p._id) ?? -1;
    aplicar(novo, { linha, adicional });
  };

  const mudarQuantidade = (delta: number) => {
    if (!pedido || !selecao) return;
    const atual = linhaDe(pedido, selecao);
    if (!atual) return;
    const nova = Number(atual.quantidade) + delta;
    if (nova <= 0) {
      remover();
      return;
    }
    aplicar(alterarQuantidade(pedido, selecao, String(nova)));
  };

  const remover = () => {
    if (!pedido || !selecao) return;
    aplicar(removerSelecao(pedido, selecao), null);
  };

  const abrirObs = () => {
    if (!pedido || !selecao) {
      notificar({ tipo: 'warning', mensagem: 'Item não informado' });
      return;
    }
    setObs({ selecao, texto: linhaDe(pedido, selecao)?.obs ?? '' });
  };

  const abrirAdicionais = () => {
    if (linhaAlvo === null) {
      notificar({ tipo: 'warning', mensagem: 'Item não informado' });
      return;
    }
    setAdicionaisDe(linhaAlvo);
  };

  // The search box renders alone on each keystroke: it gets one chooser for the life of the screen.
  const aoEscolherProduto = useEventoEstavel(adicionar);

  const erroPag = venda && catalogo ? erroPagamento(pagamento, catalogo.formasPagamento, venda.total) : null;

  const enviar = async () => {
    if (!venda || !pedido || !cliente || loja.tipo !== 'pronta' || enviando) return;
    if (pedido.linhas.length === 0) {
      notificar({ tipo: 'warning', mensagem: 'Item não informado' });
      return;
    }
    if (erroPag) {
      notificar({ tipo: 'warning', mensagem: erroPag });
      return;
    }
    const pag = pagamentoParaEnvio(pagamento);
    setEnviando(true);
    try {
      const v = await callCenterApi.enviar({
        _id: pedido._id,
        tipoVenda: tipo,
        cliente: cliente._id,
        // Delivery: the server routes by the address unless the attendant chose another covering store.
        ...(tipo === TIPO_VENDA.balcao || escolhaManual ? { empresa: loja.roteamento.loja._id } : {}),
        vendaDescricao: cliente.nome,
        ...(cpfNota ? { cpfCnpj: cpfNota } : {}),
        produtos: itensEnvio(pedido),
        ...(pag ? { pagamento: pag } : {}),
      });
      setEnviado({
        id: v._id,
        numero: v.sequencialPeriodo ?? v.numero,
        loja: v.roteamento.loja.descricao,
        total: v.total,
        pagamento: resumoPagamento(v.pagamentoCallCenter, tipo),
      });
      void queryClient.invalidateQueries({ queryKey: ['callCenter', 'pedidos'] });
      notificar({
        tipo: 'success',
        mensagem: `Pedido nº ${v.sequencialPeriodo ?? v.numero} enviado para ${v.roteamento.loja.descricao}.`,
      });
    } catch {
      // the toast of the API client says why
    } finally {
      setEnviando(false);
    }
  };

  // Keyboard (same habits as the POS): F2 search, F4 payment, F6 note, F7 additions, F10 send; outside a
  // field: + / - quantity, Delete removes, arrows move through the lines.
  const modalAberto = pizza !== null || obs !== null || adicionaisDe !== null || aberto !== null || cpfAberto;
  useEffect(() => {
    if (aba !== 'atendimento' || enviado || modalAberto) return;
    const tecla = (e: KeyboardEvent) => {
      const fora = !digitando(e.target);
      if (e.key === 'F2') {
        e.preventDefault();
        busca.current?.focar();
      } else if (e.key === TECLA_CPF_NOTA) {
        e.preventDefault();
        setCpfAberto(true);
      } else if (e.key === 'F4') {
        e.preventDefault();
        document
          .querySelector<HTMLInputElement>('#cc-forma-pagamento input:checked, #cc-forma-pagamento input')
          ?.focus();
      } else if (e.key === 'F6') {
        e.preventDefault();
        abrirObs();
      } else if (e.key === 'F7') {
        e.preventDefault();
        abrirAdicionais();
      } else if (e.key === 'F10') {
        e.preventDefault();
        void enviar();
      } else if (fora && (e.key === '+' || e.key === '-')) {
        e.preventDefault();
        mudarQuantidade(e.key === '+' ? 1 : -1);
      } else if (fora && e.key === 'Delete') {
        e.preventDefault();
        remover();
      } else if (fora && (e.key === 'ArrowDown' || e.key === 'ArrowUp') && ordem) {
        e.preventDefault();
        const numeros = [...ordem.selecoes.keys()].sort((a, b) => a - b);
        const i = selecionado === null ? -1 : numeros.indexOf(selecionado);
        const j = Math.min(numeros.length - 1, Math.max(0, i + (e.key === 'ArrowDown' ? 1 : -1)));
        const n = numeros[j];
        if (n !== undefined) setSelecao(ordem.selecoes.get(n) ?? null);
      }
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  });

  const lojasCallCenter = lojas.data ?? [];
  const lojaAtual = loja.tipo === 'pronta' ? loja.roteamento.loja : null;
  const emCurso = (enviados.data ?? []).filter(emAndamento).length;
  const linhaSelecionada = pedido && selecao ? linhaDe(pedido, selecao) : null;
  const quantidadesAdicionais = useMemo(
    () =>
      new Map(
        (adicionaisDe !== null ? (pedido?.linhas[adicionaisDe]?.adicionais ?? []) : []).map((a) => [
          a.produto._id,
          Number(a.quantidade),
        ]),
      ),
    [adicionaisDe, pedido],
  );

  const abas = (
    <Segmented<Aba>
      value={aba}
      onChange={setAba}
      data-testid="abas-call-center"
      options={[
        { value: 'atendimento', label: 'Atendimento' },
        {
          value: 'pedidos',
          label: (
            <span data-testid="aba-pedidos">
              Pedidos de hoje{' '}
              <Badge count={emCurso} showZero={false} size="small" style={{ marginInlineStart: 4 }} />
            </span>
          ),
        },
      ]}
    />
  );

  return (
    <TelaFrente titulo="Call Center" status={status} testId="tela-call-center" extra={abas}>
      {aba === 'pedidos' ? (
        <PedidosEnviados pedidos={enviados.data ?? []} carregando={enviados.isLoading} aoAbrir={setAberto} />
      ) : enviado ? (
        <Result
          status="success"
          data-testid="pedido-enviado"
          data-venda={enviado.id}
          title={`Pedido nº ${enviado.numero} enviado para ${enviado.loja}`}
          subTitle={
            <>
              Total {formatarMoeda(enviado.total)}. O pedido já está na expedição da loja.
              <br />
              <span data-testid="pagamento-enviado">{enviado.pagamento}</span>
            </>
          }
          extra={[
            <Button key="n" type="primary" size="large" onClick={novoAtendimento}>
              Novo atendimento
            </Button>,
            <Button key="a" size="large" onClick={() => setAba('pedidos')}>
              Acompanhar pedidos
            </Button>,
          ]}
        />
      ) : (
        <Flex gap={12} style={{ height: '100%', minHeight: 0 }} align="stretch">
          <Flex vertical gap={12} style={{ flex: '0 0 min(420px, 34vw)', minWidth: 0, overflowY: 'auto' }}>
            <Card
              size="small"
              title={
                <span>
                  <UserOutlined /> Cliente
                </span>
              }
              extra={
                cliente ? (
                  <Button size="small" onClick={novoAtendimento}>
                    Trocar cliente
                  </Button>
                ) : null
              }
            >
              {cliente ? (
                <div data-testid="cliente-escolhido">
                  <Typography.Text strong style={{ fontSize: 16 }}>
                    {cliente.nome}
                  </Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{descricaoPessoa(cliente)}</Typography.Text>
                  {cliente.endereco?.cidade && (
                    <>
                      <br />
                      <Typography.Text type="secondary">
                        {cliente.endereco.cidade} - {cliente.endereco.uf ?? ''}
                      </Typography.Text>
                    </>
                  )}
                  <HistoricoResumo cliente={cliente} />
                </div>
              ) : (
                <BuscaCliente key={atendimento} aoEscolher={escolherCliente} />
              )}
            </Card>
            <Card
              size="small"
              title={
                <span>
                  <ShopOutlined /> Loja
                </span>
              }
            >
              <Segmented<Tipo>
                block
                size="large"
                value={tipo}
                onChange={mudarTipo}
                data-testid="tipo-pedido"
                options={[
                  { value: TIPO_VENDA.delivery, label: 'Delivery' },
                  { value: TIPO_VENDA.balcao, label: 'Balcão (retirada)' },
                ]}
              />
              <div style={{ marginTop: 12 }} data-testid="painel-loja">
                {!cliente && (
                  <Typography.Text type="secondary">
                    Escolha o cliente: o endereço dele decide a loja da entrega.
                  </Typography.Text>
                )}
                {cliente && loja.tipo === 'localizando' && (
                  <Flex gap={8} align="center">
                    <Spin size="small" /> Localizando o endereço no mapa...
                  </Flex>
                )}
                {cliente && loja.tipo === 'erro' && (
                  <Alert type="error" showIcon title={loja.mensagem} data-testid="erro-roteamento" />
                )}
                {cliente && tipo === TIPO_VENDA.balcao && (
                  <Select
                    size="large"
                    style={{ width: '100%', marginTop: loja.tipo === 'pronta' ? 0 : 8 }}
                    placeholder="Loja da retirada"
                    aria-label="Loja da retirada"
                    id="cc-loja-retirada"
                    loading={lojas.isLoading}
                    value={lojaAtual?._id}
                    onChange={(v: string) => void irParaLoja(TIPO_VENDA.balcao, cliente, v, true)}
                    options={lojasCallCenter.map((l) => ({ value: l._id, label: l.descricao }))}
                  />
                )}
                {cliente && tipo === TIPO_VENDA.delivery && loja.tipo === 'pronta' && (
                  <Flex vertical gap={6} data-testid="loja-roteada">
                    <Typography.Text style={{ fontSize: 18 }} strong>
                      <EnvironmentOutlined /> {loja.roteamento.loja.descricao}
                    </Typography.Text>
                    <Typography.Text type="secondary">{loja.roteamento.enderecoFormatado}</Typography.Text>
                    <Flex gap={8} wrap>
                      <Tag>Distância {metros(loja.roteamento.distanciaMetros)}</Tag>
                      <Tag color="blue" data-testid="taxa-roteada">
                        Taxa de entrega {formatarMoeda(loja.roteamento.taxaEntrega)}
                      </Tag>
                      {escolhaManual && <Tag color="orange">Escolhida pelo atendente</Tag>}
                    </Flex>
                    {loja.roteamento.lojasQueAtendem.length > 1 && (
                      <Select
                        aria-label="Outra loja que atende"
                        id="cc-loja-entrega"
                        value={loja.roteamento.loja._id}
                        onChange={(v: string) => void irParaLoja(TIPO_VENDA.delivery, cliente, v, true)}
                        options={loja.roteamento.lojasQueAtendem.map((l) => ({
                          value: l._id,
                          label: `${l.descricao} (${metros(l.distanciaMetros)})`,
                        }))}
                      />
                    )}
                  </Flex>
                )}
              </div>
            </Card>
            {lojas.data && lojas.data.length === 0 && (
              <Alert type="warning" showIcon title="Nenhuma loja do grupo atende pelo Call Center!" />
            )}
          </Flex>
          <Flex vertical gap={8} style={{ flex: 1, minWidth: 0, minHeight: 0, overflowY: 'auto' }}>
            <BuscaProduto
              indice={indice}
              aoEscolher={aoEscolherProduto}
              controle={busca}
              limite={8}
              autoFocus={false}
              marcas={marcasCallCenter}
              placeholder={
                indice
                  ? `Produtos de ${lojaAtual?.descricao ?? ''} (F2): código, nome ou código de barras — 3*refri lança 3`
                  : 'Escolha o cliente e a loja para lançar os produtos'
              }
            />
            {sugestoes.length > 0 && (
              <Flex gap={8} align="center" wrap data-testid="sugestoes">
                <Typography.Text type="secondary">Sugestões:</Typography.Text>
                {sugestoes.map((x) => {
                  const p = porProduto.get(x.produto);
                  return p ? (
                    <Button
                      key={x._id}
                      size="large"
                      onClick={() => {
                        setSugestoes([]);
                        novaLinha(p, { sugestao: x._id });
                      }}
                    >
                      {p.descricao} {ajusteSugestaoTexto(x)}
                    </Button>
                  ) : null;
                })}
                <Button
                  type="text"
                  size="large"
                  aria-label="Fechar sugestões"
                  icon={<CloseOutlined />}
                  onClick={() => setSugestoes([])}
                />
              </Flex>
            )}
            <Card
              size="small"
              style={{ flex: 1, minHeight: 180, overflowY: 'auto' }}
              styles={{ body: { padding: 0 } }}
            >
              {venda && venda.produtos.length > 0 ? (
                <ItensVenda venda={venda} selecionado={selecionado} aoSelecionar={aoSelecionar} />
              ) : (
                <Empty style={{ marginTop: 48 }} description="Nenhum produto no pedido." />
              )}
            </Card>
            <Flex gap={8} wrap data-testid="acoes-item">
              <BotaoGrande
                icon={<MinusOutlined />}
                title="Diminuir quantidade (-)"
                aria-label="Diminuir quantidade"
                disabled={!linhaSelecionada}
                onClick={() => mudarQuantidade(-1)}
              />
              <Typography.Text
                strong
                style={{ minWidth: 36, textAlign: 'center', alignSelf: 'center', fontSize: 18 }}
                data-testid="quantidade-selecionada"
              >
                {linhaSelecionada ? String(Number(linhaSelecionada.quantidade)).replace('.', ',') : '–'}
              </Typography.Text>
              <BotaoGrande
                icon={<PlusOutlined />}
                title="Aumentar quantidade (+)"
                aria-label="Aumentar quantidade"
                disabled={!linhaSelecionada}
                onClick={() => mudarQuantidade(1)}
              />
              <BotaoGrande icon={<EditOutlined />} disabled={!linhaSelecionada} onClick={abrirObs}>
                Obs. (F6)
              </BotaoGrande>
              <BotaoGrande
                icon={<PlusCircleOutlined />}
                disabled={linhaAlvo === null}
                onClick={abrirAdicionais}
              >
                Adicionais (F7)
              </BotaoGrande>
              <BotaoGrande danger icon={<DeleteOutlined />} disabled={!linhaSelecionada} onClick={remover}>
                Remover (Del)
              </BotaoGrande>
            </Flex>
            <Card size="small">
              {/* Side by side on a wide screen; on the stores' 1024 px screen the totals go under the payment. */}
              <Flex gap={16} align="stretch" wrap>
                <div style={{ flex: '10 1 520px', minWidth: 0 }}>
                  <Typography.Text strong>
                    <WalletOutlined /> Pagamento (F4)
                  </Typography.Text>
                  {catalogo && venda ? (
                    <div style={{ marginTop: 8 }}>
                      <PainelPagamento
                        tipoVenda={tipo}
                        formas={catalogo.formasPagamento}
                        total={venda.total}
                        valor={pagamento}
                        aoMudar={setPagamento}
                      />
                    </div>
                  ) : (
                    <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                      As formas de pagamento são as da loja do pedido.
                    </Typography.Paragraph>
                  )}
                </div>
                <Flex
                  vertical
                  justify="space-between"
                  gap={8}
                  style={{ flex: '1 0 280px', maxWidth: '100%' }}
                >
                  <Flex vertical>
                    <Typography.Text type="secondary">
                      Subtotal <span data-testid="subtotal">{formatarMoeda(venda?.subTotal ?? '0')}</span>
                      {tipo === TIPO_VENDA.delivery && (
                        <>
                          {' '}
                          · Taxa de entrega{' '}
                          <span data-testid="taxa-entrega">{formatarMoeda(venda?.taxaEntrega ?? '0')}</span>
                        </>
                      )}
                    </Typography.Text>
                    {venda && Number(venda.totalDesconto) > 0 && (
                      <Typography.Text type="success">
                        Descontos{' '}
                        <span data-testid="total-desconto">{formatarMoeda(venda.totalDesconto)}</span>
                      </Typography.Text>
                    )}
                    {venda && venda.combosRealizados.length > 0 && (
                      <Flex gap={4} wrap data-testid="combos">
                        {venda.combosRealizados.map((c) => (
                          <Tag
                            key={`${c.combo}-${c.itens.map((i) => i.numeroItem).join()}`}
                            color={c.corPredominanteCombo ?? undefined}
                          >
                            {c.descricao} -{formatarMoeda(c.desconto)}
                          </Tag>
                        ))}
                      </Flex>
                    )}
                    <Typography.Title level={2} style={{ margin: 0 }} data-testid="total-venda">
                      {formatarMoeda(venda?.total ?? '0')}
                    </Typography.Title>
                  </Flex>
                  <Flex justify="space-between" align="center" data-testid="cc-cpf">
                    <Typography.Text type="secondary">CPF/CNPJ na nota</Typography.Text>
                    <Button
                      type="link"
                      style={{ paddingInline: 0 }}
                      onClick={() => setCpfAberto(true)}
                      aria-keyshortcuts={TECLA_CPF_NOTA}
                      data-testid="cpf-pedido"
                    >
                      {cpfNota ? formatarCpfCnpj(cpfNota) : `Informar (${TECLA_CPF_NOTA})`}
                    </Button>
                  </Flex>
                  <Button
                    type="primary"
                    size="large"
                    block
                    style={{ minHeight: 56, fontSize: 16, whiteSpace: 'normal', height: 'auto' }}
                    disabled={
                      !venda || venda.produtos.length === 0 || loja.tipo !== 'pronta' || erroPag !== null
                    }
                    loading={enviando}
                    onClick={() => void enviar()}
                    data-testid="enviar-pedido"
                  >
                    Enviar pedido para {lojaAtual?.descricao ?? 'a loja'} (F10)
                  </Button>
                </Flex>
              </Flex>
            </Card>
          </Flex>
        </Flex>
      )}
      <PizzaDialog
        base={pizza}
        sabores={sabores}
        aoFechar={() => setPizza(null)}
        aoConfirmar={(partes, qtd) => {
          const base = partes[0]?.produto;
          setPizza(null);
          if (!base) return;
          novaLinha(base, {
            quantidade: qtd,
            partes: partes.map((p) => ({ produto: p.produto, quantidadeParte: p.quantidadeParte })),
          });
        }}
      />
      <AdicionaisDialog
        linha={adicionaisDe !== null ? (pedido?.linhas[adicionaisDe]?.produto.descricao ?? null) : null}
        adicionais={adicionaisDaLoja}
        quantidades={quantidadesAdicionais}
        aoAdicionar={(p) => adicionaisDe !== null && adicionarNaLinha(adicionaisDe, p)}
        aoFechar={() => setAdicionaisDe(null)}
      />
      <Modal
        open={obs !== null}
        title={`Observação: ${obs && pedido ? (linhaDe(pedido, obs.selecao)?.descricao ?? '') : ''}`}
        okText="Confirmar"
        onCancel={() => setObs(null)}
        onOk={() => {
          if (obs && pedido) aplicar(alterarObs(pedido, obs.selecao, obs.texto.trim()));
          setObs(null);
        }}
        destroyOnHidden
      >
        <Input
          size="large"
          autoFocus
          aria-label="Observação do item"
          maxLength={500}
          placeholder="Ex.: sem cebola, bem passado"
          value={obs?.texto ?? ''}
          onChange={(e) => setObs((o) => (o ? { ...o, texto: e.target.value } : o))}
          onPressEnter={() => {
            if (obs && pedido) aplicar(alterarObs(pedido, obs.selecao, obs.texto.trim()));
            setObs(null);
          }}
        />
      </Modal>
      <CpfNotaDialog
        aberto={cpfAberto}
        valor={cpfNota}
        aoConfirmar={(d) => {
          setCpfNota(d);
          setCpfAberto(false);
        }}
        aoFechar={() => setCpfAberto(false)}
      />
      <DetalhePedido
        pedido={aberto ? ((enviados.data ?? []).find((p) => p.vendaId === aberto.vendaId) ?? aberto) : null}
        aoFechar={() => setAberto(null)}
      />
    </TelaFrente>
  );
}
