import { CloseOutlined } from '@ant-design/icons';
import {
  alterarQuantidadeItem,
  configuracaoCodigoBalancaDe,
  deletarItem as deletarItemVenda,
  type FormaPagamentoVenda,
  formasDoTerminal,
  formatarCpfCnpj,
  formatarMoeda,
  itemConfirmado,
  linhaParaSomar,
  PERMISSAO,
  quantidadeSomada,
  recalcularVenda,
  somarMesmoProduto,
  TIPO_PAGAMENTO,
  TIPO_VENDA,
  tentar,
  type Venda,
  validarNumeroMesa,
  valorPosicao,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Modal, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErroApi } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useEventoEstavel } from '../../lib/react/use-evento-estavel.ts';
import { permissoesQuery } from '../auth/queries.ts';
import { useLiberacaoSupervisor } from '../liberacao/liberacao-supervisor.tsx';
import { enfileirarVenda } from './armazenamento-local.ts';
import { AtendenteDialog, type AtendenteIdentificado } from './atendente-dialog.tsx';
import { BuscaProduto, type BuscaProdutoControle } from './busca-produto.tsx';
import { CpfNotaDialog } from './cpf-nota-dialog.tsx';
import type { DadosFrenteLoja, ProdutoFrenteLoja, SugestaoFrenteLoja } from './dados-referencia.ts';
import { DescontoDialog, MODOS_DESCONTO_GERAL, MODOS_DESCONTO_ITEM } from './desconto-dialog.tsx';
import { balcaoEnviaAoLancar, useEnvioCozinha } from './envio-cozinha.tsx';
import { GradeProdutos } from './grade-produtos.tsx';
import type { IndiceProdutos } from './indice-produtos.ts';
import { BotaoGrande, ItensVenda } from './itens-venda.tsx';
import { AbasCelular, BarraCelular, useLayoutCelular } from './layout-celular.tsx';
import { MapaTeclasDialog } from './mapa-teclas-dialog.tsx';
import { type ExtrasPagamento, ehPix, PagamentoDialog } from './pagamento-dialog.tsx';
import { montarPayloadPix } from './pix.ts';
import { type ParteEscolhida, PizzaDialog } from './pizza-dialog.tsx';
import { apagarRascunho, guardarRascunho, lerRascunho } from './rascunho-venda.ts';
import { useSituacaoCozinha } from './situacao-cozinha.ts';
import { transferirMesaInteira, useJuncaoMesas } from './transferencia-mesa.tsx';
import { useTeclasVenda } from './use-teclas-venda.ts';
import { contarUsoFormas, lerUsoFormas } from './uso-formas-pagamento.ts';
import {
  avisoNfceDaVenda,
  type CorpoCriarVenda,
  type ItemEnvio,
  type PagamentoEnvio,
  type VendaServidor,
  vendaApi,
} from './venda-api.ts';
import {
  type AmbienteVenda,
  adicionarProdutoLocal,
  novaVendaLocal,
  novoId,
  pagarLocal,
} from './venda-local.ts';

export const MENSAGEM_MODO_LOCAL =
  'Servidor indisponível: a venda continua em modo local e será enviada quando ele voltar.';

export interface TelaVendaProps {
  dados: DadosFrenteLoja;
  indice: IndiceProdutos<ProdutoFrenteLoja>;
  amb: AmbienteVenda;
  tipoVenda: 53 | 54 | 55 | 56;
  /** A sale already on the server (table, tab, delivery reopened from the list). */
  vendaInicial?: VendaServidor;
  /** Extra fields when the server sale is created (table number, tab, customer...). */
  criacao?: Partial<CorpoCriarVenda>;
  /** Customer of a new sale (delivery), so the local totals already carry the delivery fee. */
  clienteLocal?: Venda['cliente'];
  /** Extra header content (table number, customer). */
  titulo?: React.ReactNode;
  offline: boolean;
  aoOffline: () => void;
  aoTerminar: (v: Venda | null) => void;
  /** Filled by the parent to refetch on `vendaAlterada` from another terminal. */
  registrarRecarga?: (fn: (() => void) | null) => void;
  /** Extra action buttons (seats, transfer...). */
  acoesExtras?: (ctx: {
    venda: Venda;
    selecionado: number | null;
    aplicar: (v: VendaServidor) => void;
  }) => React.ReactNode;
}

const itemEnvio = (i: Venda['produtos'][number]): ItemEnvio => ({
  produto: i.produto._id,
  quantidade: i.quantidade,
  ...(i.obs ? { obs: i.obs } : {}),
  ...(i.sugestao ? { sugestao: i.sugestao } : {}),
  ...(i.produtosFilho.length
    ? {
        pizza: true,
        produtosFilho: i.produtosFilho.map((f) => ({
          produto: f.produto._id,
          quantidadeParte: f.quantidadeParte,
        })),
      }
    : {}),
});

/** The sale's CPF na nota for a creation body (none when not given). */
const documentoDaVenda = (v: Venda): { cpfCnpj?: string } => (v.cpfCnpj ? { cpfCnpj: v.cpfCnpj } : {});

/** '-10%', '-R$ 2,00' or '+R$ 1,00': the adjustment a suggestion gives the suggested line. */
export function ajusteSugestaoTexto(x: { tipo: string; modo: string; valor: string }): string {
  if (!(Number(x.valor) > 0)) return '';
  const sinal = x.tipo === 'acrescimo' ? '+' : '-';
  const quanto =
    x.modo === 'percentual' ? `${String(Number(x.valor)).replace('.', ',')}%` : formatarMoeda(x.valor);
  return `${sinal}${quanto}`;
}

export function TelaVenda(p: TelaVendaProps) {
  const { liberar } = useLiberacaoSupervisor();
  const agora = () => new Date().toISOString();
  // A counter sale left unfinished on this terminal (reload, crash) comes back with its lines and payments.
  const [rascunho] = useState(() =>
    p.tipoVenda === TIPO_VENDA.balcao && p.vendaInicial === undefined
      ? lerRascunho(p.amb.empresa, p.amb.terminal)
      : null,
  );
  // A new delivery carries its customer and distance locally too, so the fee shows with the first item.
  const [venda, setVenda] = useState<Venda>(
    () =>
      p.vendaInicial ??
      rascunho?.venda ?? {
        ...novaVendaLocal(p.amb, p.tipoVenda, agora()),
        cliente: p.clienteLocal ?? null,
        distanciaEntregaMetros: p.criacao?.distanciaEntregaMetros ?? null,
      },
  );
  const vendaRef = useRef(venda);
  vendaRef.current = venda;
  const criada = useRef(p.vendaInicial !== undefined);
  const fila = useRef<Promise<unknown>>(Promise.resolve());
  const pendentes = useRef(0);
  const [sincronizando, setSincronizando] = useState(false);
  const [local, setLocal] = useState(false);
  const pagamentosLocais = useRef<PagamentoEnvio[]>(rascunho?.pagamentos ?? []);
  // A new counter sale stays on this terminal (local engine) until it is finished, then goes to the server
  // whole: one request and one write instead of one per line and payment, and nobody else needs to see it
  // meanwhile. An operation that needs the server (a supervisor release, convênio, courtesy, the bill) or
  // leaving it open sends it first, and from then on it goes on step by step as every other sale.
  const noTerminal =
    p.tipoVenda === TIPO_VENDA.balcao &&
    p.vendaInicial === undefined &&
    !balcaoEnviaAoLancar(p.dados.configuracao);
  useEffect(() => {
    if (!noTerminal || criada.current || !venda.produtos.some((i) => !i.cancelado)) return;
    // After the paint: a 100-line sale is ~150 KB of JSON, kept off the keystroke's frame.
    const t = setTimeout(() => {
      if (!criada.current && !rascunhoEsquecido.current)
        guardarRascunho(p.amb.empresa, p.amb.terminal, { venda, pagamentos: pagamentosLocais.current });
    }, 0);
    return () => clearTimeout(t);
  }, [venda, noTerminal, p.amb.empresa, p.amb.terminal]);
  // Set once the sale left the terminal (sent, queued): a save still scheduled must not bring it back.
  const rascunhoEsquecido = useRef(false);
  const esquecerRascunho = () => {
    rascunhoEsquecido.current = true;
    apagarRascunho(p.amb.empresa, p.amb.terminal);
  };
  const busca = useRef<BuscaProdutoControle>(null);
  // Parsed once per store: the search box is memoised and reads scale labels with it.
  const balanca = useMemo(
    () => configuracaoCodigoBalancaDe(p.dados.empresa.configuracoes?.balanca),
    [p.dados.empresa],
  );
  const [selecionado, setSelecionado] = useState<number | null>(null);
  const [pagando, setPagando] = useState(false);
  const [mapaTeclas, setMapaTeclas] = useState(false);
  const [cpfNota, setCpfNota] = useState(false);
  const fecharCpfNota = () => setCpfNota(false);
  // The terminal's methods, the most used on this device first (kept locally, counted at each sale's end).
  const [usoFormas, setUsoFormas] = useState(() => lerUsoFormas(p.amb.terminal));
  const formas = useMemo(
    () => formasDoTerminal(p.dados.formasPagamento, p.dados.terminal.formasPagamento, usoFormas),
    [p.dados.formasPagamento, p.dados.terminal.formasPagamento, usoFormas],
  );
  // An unsent line leaves with the operator's own permission 13 (the server's rule too), no supervisor.
  const { data: permissoes } = useQuery(permissoesQuery(p.amb.empresa, p.amb.operador._id));
  const excluiNaoConfirmado = permissoes?.has(PERMISSAO.excluirProdutoNaoConfirmado) === true;
  const [ocupado, setOcupado] = useState(false);
  const [desconto, setDesconto] = useState<'item' | 'geral' | null>(null);
  const [obs, setObs] = useState<{ aberto: boolean; texto: string }>({ aberto: false, texto: '' });
  const [posicaoPagando, setPosicaoPagando] = useState<number | null>(null);
  const [pizza, setPizza] = useState<{ base: ProdutoFrenteLoja; quantidade?: string } | null>(null);
  const sabores = useMemo(
    () =>
      pizza
        ? p.indice.produtos.filter(
            (x) => x.maximoFracao === pizza.base.maximoFracao && x.tipoProduto === 'Normal',
          )
        : [],
    [pizza, p.indice],
  );
  const [pergunta, setPergunta] = useState<{
    tipo: 'posicaoItem' | 'pagarPosicao' | 'transferir' | 'transferirMesa';
    valor: string;
  } | null>(null);
  // Attendant (garçom) who launches the items; asked first when the terminal requires it.
  const [atendente, setAtendente] = useState<AtendenteIdentificado | null>(null);
  const atendenteRef = useRef<AtendenteIdentificado | null>(null);
  atendenteRef.current = atendente;
  const [identificando, setIdentificando] = useState<{ depois?: () => void } | null>(null);
  // Suggested products (vendaSugestaoProduto) of the last product launched.
  const [sugestoes, setSugestoes] = useState<SugestaoFrenteLoja[]>([]);
  const porProduto = useMemo(() => new Map(p.indice.produtos.map((x) => [x._id, x])), [p.indice]);
  const modoLocal = local || p.offline;
  const situacaoCozinha = useSituacaoCozinha(venda, !modoLocal);
  const pixLoja = {
    chave: String(p.dados.empresa.configuracoes?.chavePix ?? p.dados.empresa.cnpj ?? ''),
    nome: p.dados.empresa.nomeFantasia ?? p.dados.empresa.descricao,
    cidade: p.dados.empresa.endereco?.cidade ?? 'BRASIL',
  };

  const aplicarServidor = useCallback((v: VendaServidor) => {
    if (pendentes.current === 0) setVenda(v);
  }, []);

  const recarregar = useCallback(() => {
    if (!criada.current || pendentes.current > 0) return;
    void vendaApi.obter(vendaRef.current._id).then(aplicarServidor, () => undefined);
  }, [aplicarServidor]);
  useEffect(() => {
    p.registrarRecarga?.(recarregar);
    return () => p.registrarRecarga?.(null);
  }, [p.registrarRecarga, recarregar]);

  /** Runs server calls one after the other; the last answer is shown once nothing else waits. */
  const enfileirar = useCallback(
    (op: () => Promise<VendaServidor>) => {
      pendentes.current++;
      setSincronizando(true);
      const passo = fila.current.then(async () => {
        try {
          const v = await op();
          pendentes.current--;
          aplicarServidor(v);
        } catch (erro) {
          pendentes.current--;
          if (erro instanceof ErroApi && erro.tipo === 'rede' && p.tipoVenda === TIPO_VENDA.balcao) {
            setLocal(true);
            p.aoOffline();
            notificar({ tipo: 'warning', mensagem: MENSAGEM_MODO_LOCAL });
          } else if (criada.current) {
            if (erro instanceof ErroApi && /atendente/i.test(erro.message)) setAtendente(null);
            recarregar();
          }
        } finally {
          if (pendentes.current === 0) setSincronizando(false);
        }
      });
      fila.current = passo;
      return passo;
    },
    [aplicarServidor, p.aoOffline, p.tipoVenda, recarregar],
  );

  /** Pizzas of a family with fractions open the builder first. */
  const escolher = (produto: ProdutoFrenteLoja, qtd?: string) => {
    if ((produto.maximoFracao ?? 1) > 1) {
      // Opened after the Enter that chose it is over: its default action would hit the dialog's button.
      setTimeout(() => setPizza({ base: produto, ...(qtd ? { quantidade: qtd } : {}) }), 0);
    } else adicionar(produto, qtd);
  };

  const adicionar = (
    produto: ProdutoFrenteLoja,
    qtd?: string,
    observacao?: string,
    filhos?: ParteEscolhida[],
    sugestao?: string,
  ) => {
    if (p.dados.terminal.exigirAtendente && !atendenteRef.current && !modoLocal) {
      busca.current?.limpar();
      setIdentificando({ depois: () => adicionar(produto, qtd, observacao, filhos, sugestao) });
      return;
    }
    const quem = atendenteRef.current;
    // The same product again adds to its unsent line (counter default; the terminal may ask for new lines).
    const linha = somarMesmoProduto(p.tipoVenda, p.dados.terminal.produtoRepetidoNovaLinha)
      ? linhaParaSomar(vendaRef.current, {
          produto: produto._id,
          obs: observacao,
          sugestao,
          filhos: filhos && filhos.length > 1 ? filhos.length : 0,
          atendente: quem?._id ?? p.amb.operador._id,
        })
      : null;
    if (linha !== null) {
      busca.current?.limpar();
      setSugestoes([]);
      alterarQuantidade(linha, qtd ?? '1');
      return;
    }
    const r = tentar(() =>
      adicionarProdutoLocal(vendaRef.current, p.amb, produto, agora(), {
        ...(qtd ? { quantidade: qtd } : {}),
        ...(observacao ? { obs: observacao } : {}),
        ...(filhos && filhos.length > 1 ? { filhos } : {}),
        ...(sugestao ? { sugestao } : {}),
        ...(quem ? { atendente: { _id: quem._id, nome: quem.nome, codigoInterno: null } } : {}),
      }),
    );
    if (!r.ok) {
      notificar({ tipo: 'error', mensagem: r.mensagem });
      return;
    }
    const nova = r.valor;
    setVenda(nova);
    vendaRef.current = nova;
    const item = nova.produtos[nova.produtos.length - 1];
    setSelecionado(item?.numeroItem ?? null);
    busca.current?.limpar();
    setSugestoes(
      sugestao
        ? []
        : p.dados.sugestoes.filter(
            (x) =>
              x.produtosOrigem.includes(produto._id) &&
              porProduto.has(x.produto) &&
              x.produto !== produto._id,
          ),
    );
    if (modoLocal || !item) return;
    if (!criada.current) {
      if (noTerminal) return;
      criada.current = true;
      const corpo: CorpoCriarVenda = {
        _id: nova._id,
        empresa: p.amb.empresa,
        tipoVenda: p.tipoVenda,
        terminal: p.amb.terminal,
        ...p.criacao,
        ...documentoDaVenda(nova),
        produtos: nova.produtos.map(itemEnvio),
        ...(quem ? { atendente: quem.token } : {}),
      };
      void enfileirar(() => vendaApi.criar(corpo));
    } else {
      const id = nova._id;
      void enfileirar(() =>
        vendaApi.adicionarItens(
          id,
          [itemEnvio(item)],
          p.amb.terminal,
          `item:${id}:${item.numeroItem}`,
          false,
          quem?.token,
        ),
      );
    }
  };

  const lancarSugestao = (x: SugestaoFrenteLoja) => {
    const produto = porProduto.get(x.produto);
    if (produto) adicionar(produto, undefined, undefined, undefined, x._id);
  };

  // The search box renders alone on each keystroke: it gets one chooser for the life of the screen.
  const aoEscolher = useEventoEstavel(escolher);

  /** +1 / -1 from the line's buttons or keys, or a launched quantity when the same product comes again. */
  const alterarQuantidade = (numero: number | null, passo: string | number) => {
    const v = vendaRef.current;
    const item = v.produtos.find((i) => i.numeroItem === numero && !i.cancelado);
    if (!item) {
      notificar({ tipo: 'warning', mensagem: 'Item não informado' });
      return;
    }
    if (itemConfirmado(item)) {
      notificar({ tipo: 'warning', mensagem: 'Produto confirmado ou cancelado não pode ser alterado!' });
      return;
    }
    // Below one unit the line stays: Delete removes it.
    const q = quantidadeSomada(item.quantidade, passo);
    if (q === null) return;
    const r = tentar(() =>
      recalcularVenda(
        alterarQuantidadeItem(v, item.numeroItem, q),
        p.amb.catalogo,
        p.amb.configuracao,
        agora(),
      ),
    );
    if (!r.ok) {
      notificar({ tipo: 'error', mensagem: r.mensagem });
      return;
    }
    setVenda(r.valor);
    vendaRef.current = r.valor;
    setSelecionado(item.numeroItem);
    if (!modoLocal && criada.current)
      void enfileirar(() => vendaApi.alterarItem(v._id, item.numeroItem, q, item.obs));
  };
  const aoQuantidade = useEventoEstavel((n: number, passo: 1 | -1) => alterarQuantidade(n, passo));

  /** Arrow keys with an empty search: the previous or next active line. */
  const moverSelecao = (delta: 1 | -1) => {
    const numeros = vendaRef.current.produtos.filter((i) => !i.cancelado).map((i) => i.numeroItem);
    if (numeros.length === 0) return;
    const k = selecionado === null ? -1 : numeros.indexOf(selecionado);
    const alvo =
      k < 0 ? (delta > 0 ? 0 : numeros.length - 1) : Math.min(numeros.length - 1, Math.max(0, k + delta));
    setSelecionado(numeros[alvo] ?? null);
  };

  // The keys of MAPA_TECLAS (atalhos-teclado.ts); none acts while a dialog is open.
  useTeclasVenda(busca, {
    mapa: () => setMapaTeclas(true),
    cpfNota: () => setCpfNota(true),
    pagamento: () => abrirPagamento(),
    descontoItem: () =>
      selecionado ? setDesconto('item') : notificar({ tipo: 'warning', mensagem: 'Item não informado' }),
    descontoGeral: () => setDesconto('geral'),
    conta: () => void imprimirConta(),
    atendente: () => setIdentificando({}),
    excluir: () => void deletarItem(),
    quantidade: (passo) => alterarQuantidade(selecionado, passo),
    mover: moverSelecao,
  });

  // Kitchen (envio-cozinha.tsx): tables and tabs send with the button (F10) and when left; delivery on launch.
  const cozinha = useEnvioCozinha({
    tipoVenda: p.tipoVenda,
    venda,
    vendaRef,
    criada,
    fila,
    aplicar: aplicarServidor,
    local: modoLocal,
    produtoDaLoja: (id) => porProduto.has(id),
    aoTerminar: () => p.aoTerminar(null),
  });
  const juncao = useJuncaoMesas();

  const aguardarServidor = async () => {
    await fila.current;
    return criada.current && !modoLocal;
  };

  /** Sends a counter sale kept on this terminal to the server (open, with its lines and payments). */
  const enviarAoServidor = async () => {
    if (!noTerminal || criada.current || modoLocal) return;
    const v = vendaRef.current;
    const itens = v.produtos.filter((i) => !i.cancelado);
    if (itens.length === 0) return;
    criada.current = true;
    esquecerRascunho();
    const quem = atendenteRef.current;
    const pagamentos = pagamentosLocais.current;
    pagamentosLocais.current = [];
    await enfileirar(() =>
      vendaApi.criar({
        _id: v._id,
        empresa: p.amb.empresa,
        tipoVenda: p.tipoVenda,
        terminal: p.amb.terminal,
        ...p.criacao,
        ...documentoDaVenda(v),
        produtos: itens.map(itemEnvio),
        ...(pagamentos.length ? { pagamentos } : {}),
        ...(quem ? { atendente: quem.token } : {}),
      }),
    );
  };

  const exigirServidor = async (): Promise<boolean> => {
    if (modoLocal) {
      notificar({ tipo: 'warning', mensagem: 'Operação indisponível em modo local.' });
      return false;
    }
    await enviarAoServidor();
    if (!(await aguardarServidor())) {
      notificar({ tipo: 'warning', mensagem: 'Item não informado' });
      return false;
    }
    return true;
  };

  const aplicarDesconto = async (tipo: 'item' | 'geral', modo: number, valor: string) => {
    setDesconto(null);
    if (!(await exigirServidor())) return;
    const permissao = tipo === 'item' ? PERMISSAO.descontoItem : PERMISSAO.descontoGeral;
    const l = await liberar({
      permissao,
      senhaObrigatoria: true,
      mostrarMotivo: true,
      vinculo: { venda: venda._id, desconto: { modo, valor } },
    });
    if (!l) return;
    setOcupado(true);
    try {
      const v =
        tipo === 'item' && selecionado
          ? await vendaApi.descontoItem(venda._id, {
              numeroItem: selecionado,
              modo: modo as 0 | 1 | 2 | 3 | 4,
              valor,
              terminal: p.amb.terminal,
              ...(l.liberacao ? { liberacao: l.liberacao } : {}),
              ...(l.motivo ? { justificativa: l.motivo } : {}),
            })
          : await vendaApi.descontoGeral(venda._id, {
              modo: modo as 0 | 1,
              valor,
              terminal: p.amb.terminal,
              ...(l.liberacao ? { liberacao: l.liberacao } : {}),
              ...(l.motivo ? { justificativa: l.motivo } : {}),
            });
      setVenda(v);
    } catch {
      // the toast of the API client says why
    } finally {
      setOcupado(false);
    }
  };

  const deletarItem = async () => {
    const item = vendaRef.current.produtos.find((i) => i.numeroItem === selecionado);
    if (!item) {
      notificar({ tipo: 'warning', mensagem: 'Item não informado' });
      return;
    }
    if (item.cancelado) {
      notificar({ tipo: 'warning', mensagem: 'Útimo item já esta deletado!' });
      return;
    }
    // Spec 4: an unsent line (no id, never sent to the kitchen or printed) just leaves, with the operator's
    // own permission 13; only a confirmed one needs the supervisor (12) and the reason.
    const enviado = itemConfirmado(item);
    const soNoTerminal = !criada.current && (modoLocal || noTerminal);
    if (
      !enviado &&
      soNoTerminal &&
      excluiNaoConfirmado &&
      !p.amb.configuracao.gravarVendaEventosCancelamentoNaoConfirmado
    ) {
      const r = tentar(() =>
        deletarItemVenda(vendaRef.current, item.numeroItem, { operador: p.amb.operador, dataHora: agora() }),
      );
      if (!r.ok) {
        notificar({ tipo: 'error', mensagem: r.mensagem });
        return;
      }
      const nova = recalcularVenda(r.valor.venda, p.amb.catalogo, p.amb.configuracao, agora());
      setVenda(nova);
      vendaRef.current = nova;
      setSelecionado(null);
      return;
    }
    if (!(await exigirServidor())) return;
    const pedirLiberacao = () =>
      liberar({
        permissao: enviado ? PERMISSAO.excluirProdutoConfirmado : PERMISSAO.excluirProdutoNaoConfirmado,
        senhaObrigatoria: true,
        mostrarMotivo: true,
        motivoObrigatorio: true,
      });
    const deletar = (l: { motivo?: string; liberacao?: string } | null, silencioso = false) =>
      vendaApi.deletarProduto(
        vendaRef.current._id,
        item.numeroItem,
        l?.motivo ?? '',
        l?.liberacao,
        p.amb.terminal,
        silencioso,
      );
    try {
      if (!enviado) {
        // The server lets the operator's own permission through; without it, it asks for the supervisor.
        try {
          setVenda(await deletar(null, true));
          setSelecionado(null);
          return;
        } catch (erro) {
          if (!(erro instanceof ErroApi && erro.message === 'Supervisor não informado')) {
            if (erro instanceof ErroApi) notificar({ tipo: 'error', mensagem: erro.message });
            return;
          }
        }
      }
      const l = await pedirLiberacao();
      if (!l) return;
      setVenda(await deletar(l));
      setSelecionado(null);
    } catch {
      // toast shown
    }
  };

  const cancelarVenda = async () => {
    // Lines kept on this terminal are cancelled on the server like any other: with the release and its event.
    await enviarAoServidor();
    if (!criada.current && !modoLocal) {
      p.aoTerminar(null);
      return;
    }
    if (modoLocal) {
      p.aoTerminar(null);
      return;
    }
    await aguardarServidor();
    // Same rule as the server: an ended sale or one with confirmed lines needs 10, otherwise 11.
    const v = vendaRef.current;
    const confirmada = v.status.id === 59 || v.produtos.some((i) => i.confirmado || i._id);
    const l = await liberar({
      permissao: confirmada ? PERMISSAO.cancelarVenda : PERMISSAO.excluirVendaNaoConfirmada,
      senhaObrigatoria: true,
      mostrarMotivo: true,
      motivoObrigatorio: true,
    });
    if (!l) return;
    try {
      await vendaApi.deletarVenda(venda._id, l.motivo ?? '', l.liberacao, p.amb.terminal);
      notificar({ tipo: 'success', mensagem: 'Venda cancelada.' });
      p.aoTerminar(null);
    } catch {
      // toast shown
    }
  };

  /**
   * CPF na nota: kept with the sale on this terminal until it goes to the server (with its creation), or sent
   * at once to a sale already there; the server refuses a wrong one and the screen reloads its copy.
   */
  const informarCpf = (documento: string | null) => {
    fecharCpfNota();
    const v = { ...vendaRef.current, cpfCnpj: documento };
    setVenda(v);
    vendaRef.current = v;
    if (!modoLocal && criada.current)
      void enfileirar(() => vendaApi.alterarCpfCnpj(v._id, documento, p.amb.terminal));
    notificar({
      tipo: 'success',
      mensagem: documento
        ? `CPF/CNPJ na nota: ${formatarCpfCnpj(documento)}.`
        : 'Venda sem CPF/CNPJ na nota.',
    });
  };

  const abrirPagamento = () => {
    if (vendaRef.current.produtos.filter((i) => !i.cancelado).length === 0) {
      notificar({ tipo: 'warning', mensagem: 'Item não informado' });
      return;
    }
    setPagando(true);
  };

  const lancarPagamento = async (
    forma: FormaPagamentoVenda,
    valorPago: string,
    extras: ExtrasPagamento = {},
  ) => {
    const id = novoId();
    const cartao = {
      ...(extras.parcelas ? { parcelas: extras.parcelas } : {}),
      ...(extras.operadora ? { operadora: extras.operadora } : {}),
      ...(extras.nsu ? { nsu: extras.nsu } : {}),
      ...(extras.autorizacao ? { autorizacao: extras.autorizacao } : {}),
      ...(extras.bandeira ? { bandeira: extras.bandeira } : {}),
    };
    const cortesia = forma.tipo === TIPO_PAGAMENTO.cortesia;
    if (modoLocal && (cortesia || forma.tipo === TIPO_PAGAMENTO.convenio)) {
      notificar({ tipo: 'warning', mensagem: 'Operação indisponível em modo local.' });
      return;
    }
    const simples = !cortesia && forma.tipo !== TIPO_PAGAMENTO.convenio && !posicaoPagando;
    if (modoLocal || (noTerminal && !criada.current && simples)) {
      const operadora = p.dados.operadoras.find((o) => o._id === extras.operadora);
      const r = tentar(() =>
        pagarLocal(vendaRef.current, p.amb, forma, valorPago, agora(), id, {
          ...cartao,
          operadora: operadora ? { _id: operadora._id, descricao: operadora.descricao } : null,
        }),
      );
      if (!r.ok) {
        notificar({ tipo: 'error', mensagem: r.mensagem });
        return;
      }
      pagamentosLocais.current.push({
        _id: id,
        formaPagamento: forma._id,
        valorPago,
        terminal: p.amb.terminal,
        ...cartao,
      });
      setVenda(r.valor);
      return;
    }
    // A courtesy is a payment released by a supervisor (permission 20) with its reason.
    const liberacaoCortesia = cortesia
      ? await liberar({
          permissao: PERMISSAO.liberarCortesia,
          senhaObrigatoria: true,
          mostrarMotivo: true,
          motivoObrigatorio: true,
        })
      : null;
    if (cortesia && !liberacaoCortesia) return;
    setOcupado(true);
    try {
      await enviarAoServidor();
      await aguardarServidor();
      const cliente =
        extras.cliente ?? (venda.cliente && !venda.cliente.clientePadrao ? venda.cliente._id : undefined);
      const v = await vendaApi.pagar(venda._id, {
        _id: id,
        formaPagamento: forma._id,
        valorPago,
        terminal: p.amb.terminal,
        ...(posicaoPagando ? { posicao: posicaoPagando } : {}),
        ...(cliente ? { cliente } : {}),
        ...(liberacaoCortesia?.liberacao ? { liberacao: liberacaoCortesia.liberacao } : {}),
        ...(liberacaoCortesia?.motivo ? { observacao: liberacaoCortesia.motivo } : {}),
        ...cartao,
      });
      setVenda(v);
      if (posicaoPagando) {
        setPosicaoPagando(null);
        setPagando(false);
        notificar({ tipo: 'success', mensagem: `Posição ${posicaoPagando} paga.` });
      }
    } catch (erro) {
      if (erro instanceof ErroApi && erro.tipo === 'rede' && p.tipoVenda === TIPO_VENDA.balcao) {
        setLocal(true);
        p.aoOffline();
        notificar({ tipo: 'warning', mensagem: MENSAGEM_MODO_LOCAL });
      }
    } finally {
      setOcupado(false);
    }
  };

  const cancelarPagamento = async (pagamentoId: string) => {
    if (modoLocal || !criada.current) {
      pagamentosLocais.current = pagamentosLocais.current.filter((x) => x._id !== pagamentoId);
      const sem = {
        ...vendaRef.current,
        pagamentos: vendaRef.current.pagamentos.filter((x) => x._id !== pagamentoId),
      };
      setVenda(recalcularVenda(sem, p.amb.catalogo, p.amb.configuracao, agora()));
      return;
    }
    const pag = venda.pagamentos.find((x) => x._id === pagamentoId);
    const l = await liberar({
      permissao: pag?.periodo
        ? PERMISSAO.excluirPagamentoConfirmado
        : PERMISSAO.excluirPagamentoNaoConfirmado,
      senhaObrigatoria: true,
      mostrarMotivo: true,
    });
    if (!l) return;
    try {
      setVenda(await vendaApi.cancelarPagamento(venda._id, pagamentoId, l.liberacao, p.amb.terminal));
    } catch {
      // toast shown
    }
  };

  /** Keeps the sale in the offline queue (local mode): it goes whole when the server is back. */
  const guardarNaFila = async () => {
    const v = vendaRef.current;
    await enfileirarVenda({
      _id: v._id,
      empresa: p.amb.empresa,
      criadaEm: new Date().toISOString(),
      corpo: {
        _id: v._id,
        empresa: p.amb.empresa,
        tipoVenda: p.tipoVenda,
        terminal: p.amb.terminal,
        ...documentoDaVenda(v),
        produtos: v.produtos.filter((i) => !i.cancelado).map(itemEnvio),
      },
      pagamentos: pagamentosLocais.current.map(({ terminal: _t, ...x }) => x),
      terminal: p.amb.terminal,
      total: v.total,
      tentativas: 0,
      etapa: 'pendente',
    });
    esquecerRascunho();
    notificar({
      tipo: 'success',
      mensagem: `Venda gravada localmente (${formatarMoeda(v.total)}). Será enviada quando o servidor voltar.`,
    });
    setPagando(false);
    p.aoTerminar(v);
  };

  /** The sale kept on this terminal, sent whole: created, paid and ended in one request. */
  const enviarInteira = async (): Promise<VendaServidor | null> => {
    const v = vendaRef.current;
    const quem = atendenteRef.current;
    try {
      const fim = await vendaApi.criar({
        _id: v._id,
        empresa: p.amb.empresa,
        tipoVenda: p.tipoVenda,
        terminal: p.amb.terminal,
        ...p.criacao,
        ...documentoDaVenda(v),
        produtos: v.produtos.filter((i) => !i.cancelado).map(itemEnvio),
        pagamentos: pagamentosLocais.current,
        encerrar: true,
        ...(quem ? { atendente: quem.token } : {}),
      });
      criada.current = true;
      esquecerRascunho();
      return fim;
    } catch (erro) {
      if (!(erro instanceof ErroApi && erro.tipo === 'rede')) throw erro;
      // The server is out of reach: the sale goes to the offline queue under the same _id, so if this request
      // did arrive the queue's send answers the stored sale and records nothing twice.
      setLocal(true);
      p.aoOffline();
      notificar({ tipo: 'warning', mensagem: MENSAGEM_MODO_LOCAL });
      await guardarNaFila();
      return null;
    }
  };

  const confirmar = async () => {
    setOcupado(true);
    try {
      if (modoLocal) {
        await guardarNaFila();
        return;
      }
      let v: VendaServidor;
      if (noTerminal && !criada.current) {
        const fim = await enviarInteira();
        if (!fim) return;
        v = fim;
      } else {
        await aguardarServidor();
        v = await vendaApi.encerrar(venda._id);
      }
      setPagando(false);
      contarUsoFormas(
        p.amb.terminal,
        v.pagamentos.filter((x) => !x.lixo).map((x) => x.formaPagamento._id),
      );
      setUsoFormas(lerUsoFormas(p.amb.terminal));
      const troco = Number(v.totalTroco) > 0 ? ` Troco: ${formatarMoeda(v.totalTroco)}` : '';
      notificar({
        tipo: 'success',
        mensagem: `Venda ${v.sequencialPeriodo ?? v.numero ?? ''} encerrada.${troco}`,
      });
      // The server issued the NFC-e at the end (stores with NFC-e): show it from the ended sale.
      const nfce = avisoNfceDaVenda(v);
      if (nfce) notificar(nfce);
      p.aoTerminar(v);
    } catch {
      // toast shown
    } finally {
      setOcupado(false);
    }
  };

  const responder = async () => {
    if (!pergunta) return;
    const { tipo, valor } = pergunta;
    setPergunta(null);
    if (!(await exigirServidor())) return;
    try {
      if (tipo === 'posicaoItem') {
        const numeros = valor
          .split(/[ ,;]+/)
          .map(Number)
          .filter((n) => Number.isInteger(n) && n > 0);
        if (!selecionado || numeros.length === 0) {
          notificar({ tipo: 'warning', mensagem: 'Item não informado' });
          return;
        }
        const posicaoVenda = Math.max(venda.posicaoVenda, ...numeros);
        setVenda(
          await vendaApi.posicoes(venda._id, { posicaoVenda, numeroItem: selecionado, posicoes: numeros }),
        );
      } else if (tipo === 'pagarPosicao') {
        const n = Number(valor);
        if (!Number.isInteger(n) || n <= 0) return;
        setPosicaoPagando(n);
        setPagando(true);
      } else if (tipo === 'transferirMesa') {
        if (validarNumeroMesa(valor) !== true) {
          notificar({ tipo: 'error', mensagem: 'Numero da mesa inválido' });
          return;
        }
        // An occupied destination: merge the bills only if the operator says so (transferencia-mesa.tsx).
        const juntar = await juncao.perguntar(p.amb.empresa, p.criacao?.mesa ?? null, Number(valor));
        if (juntar === null) return;
        const l = await liberar({
          permissao: PERMISSAO.transferirMesa,
          senhaObrigatoria: true,
          mostrarMotivo: true,
        });
        if (!l) return;
        await transferirMesaInteira({
          vendaOrigem: venda._id,
          mesaDestino: Number(valor),
          terminal: p.amb.terminal,
          ...(juntar ? { juntar } : {}),
          ...(l.liberacao ? { liberacao: l.liberacao } : {}),
        });
        notificar({
          tipo: 'success',
          mensagem: juntar ? `Contas juntadas na mesa ${valor}.` : `Mesa transferida para a mesa ${valor}.`,
        });
        p.aoTerminar(null);
      } else {
        if (validarNumeroMesa(valor) !== true) {
          notificar({ tipo: 'error', mensagem: 'Numero da mesa inválido' });
          return;
        }
        if (!selecionado) {
          notificar({ tipo: 'warning', mensagem: 'Item não informado' });
          return;
        }
        const l = await liberar({
          permissao: PERMISSAO.transferirItem,
          senhaObrigatoria: true,
          mostrarMotivo: true,
        });
        if (!l) return;
        await vendaApi.transferir({
          vendaOrigem: venda._id,
          mesaDestino: Number(valor),
          itens: [selecionado],
          terminal: p.amb.terminal,
          ...(l.liberacao ? { liberacao: l.liberacao } : {}),
        });
        notificar({ tipo: 'success', mensagem: `Item transferido para a mesa ${valor}.` });
        setVenda(await vendaApi.obter(venda._id));
      }
    } catch {
      // toast shown
    }
  };

  /** The bill on the cashier's printer (print module layout), with the PIX QR of the balance when the store has PIX. */
  const imprimirConta = async () => {
    if (!(await exigirServidor())) return;
    const v = vendaRef.current;
    const saldo = Math.max(0, Number(v.total) - Number(v.totalPago));
    const chave = pixLoja.chave;
    const temPix = chave !== '' && p.dados.formasPagamento.some(ehPix);
    let pix: { qrCode: string; chave: string } | undefined;
    if (temPix && saldo > 0) {
      try {
        pix = {
          qrCode: montarPayloadPix({ ...pixLoja, valor: saldo.toFixed(2), txid: v._id.slice(-12) }),
          chave,
        };
      } catch {
        pix = undefined;
      }
    }
    const corpo = { terminal: p.amb.terminal, ...(pix ? { pix } : {}) };
    try {
      try {
        await vendaApi.imprimirConta(v._id, corpo, true);
      } catch (erro) {
        // Second print of the same bill: a reprint needs permission 54 (a supervisor when the operator lacks it).
        if (!(erro instanceof ErroApi && erro.message === 'Supervisor não informado')) throw erro;
        const l = await liberar({ permissao: PERMISSAO.reimprimirConta, senhaObrigatoria: true });
        if (!l) return;
        await vendaApi.imprimirConta(v._id, { ...corpo, ...(l.liberacao ? { liberacao: l.liberacao } : {}) });
      }
      notificar({ tipo: 'success', mensagem: 'Conta enviada para impressão.' });
    } catch (erro) {
      if (erro instanceof ErroApi && erro.tipo === 'envelope')
        notificar({ tipo: 'error', mensagem: `Erro ao imprimir a conta: ${erro.message}` });
    }
  };

  const voltar = async () => {
    // Leave only when what was launched reached the server (a list reloaded right away shows it); a counter
    // sale kept on this terminal is left open on the server, as any other.
    await enviarAoServidor();
    await fila.current;
    if (!(await cozinha.aoSair())) return;
    p.aoTerminar(null);
  };

  const fecharConta = async (comServico: boolean) => {
    if (!(await exigirServidor())) return;
    try {
      setVenda(await vendaApi.fecharConta(venda._id, comServico));
    } catch {
      // toast shown
    }
  };

  const ativos = venda.produtos.filter((i) => !i.cancelado);
  const mesa = p.tipoVenda === TIPO_VENDA.mesa;
  // Phones and upright tablets: one column in two tabs and a bottom bar (layout-celular.tsx).
  const cel = useLayoutCelular();
  const numeroExibido =
    venda.tipoVenda.id === 53 || venda.tipoVenda.id === 55
      ? (venda.sequencialPeriodo ?? venda.numero)
      : venda.numero;

  return (
    <Flex gap={12} style={{ height: '100%', minHeight: 0 }} {...cel.raiz}>
      {cel.compacto && <AbasCelular layout={cel} itens={ativos.length} aoVoltar={() => void voltar()} />}
      <Flex vertical gap={8} style={{ flex: '1 1 62%', minWidth: 0, minHeight: 0 }} {...cel.esquerda}>
        {cel.mostrar('cardapio') && (
          <BuscaProduto
            indice={p.indice}
            aoEscolher={aoEscolher}
            controle={busca}
            balanca={balanca}
            autoFocus={!cel.compacto}
            {...(cel.compacto ? { placeholder: 'Buscar produto pelo nome ou código' } : {})}
          />
        )}
        {cel.mostrar('cardapio') && sugestoes.length > 0 && (
          <Flex gap={8} align="center" wrap data-testid="sugestoes">
            <Typography.Text type="secondary">Sugestões:</Typography.Text>
            {sugestoes.map((x) => (
              <Button
                key={x._id}
                size="large"
                data-testid={`sugestao-${x._id}`}
                onClick={() => lancarSugestao(x)}
              >
                {porProduto.get(x.produto)?.descricao ?? x.descricao} {ajusteSugestaoTexto(x)}
              </Button>
            ))}
            <Button
              type="text"
              size="large"
              aria-label="Fechar sugestões"
              icon={<CloseOutlined />}
              onClick={() => setSugestoes([])}
            />
          </Flex>
        )}
        {cel.compacto && cel.aba === 'cardapio' && (
          <GradeProdutos indice={p.indice} categorias={p.dados.categorias} aoEscolher={aoEscolher} />
        )}
        <Card
          size="small"
          style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
          styles={{ body: { padding: 0 } }}
          {...cel.itens}
        >
          <ItensVenda
            venda={venda}
            selecionado={selecionado}
            aoSelecionar={setSelecionado}
            aoQuantidade={aoQuantidade}
            compacto={cel.compacto}
            cozinha={situacaoCozinha}
          />
        </Card>
      </Flex>
      <Flex vertical gap={8} style={{ flex: '0 0 320px' }} {...cel.direita}>
        <Card size="small">
          <Flex justify="space-between" align="center">
            <Typography.Text strong>
              {p.titulo ?? 'Venda'} {numeroExibido ? `nº ${numeroExibido}` : ''}
            </Typography.Text>
            {modoLocal ? (
              <Tag color="warning">Modo local</Tag>
            ) : sincronizando ? (
              <Tag color="processing">Sincronizando</Tag>
            ) : criada.current ? (
              <Tag color="success">Gravada</Tag>
            ) : noTerminal && ativos.length > 0 ? (
              <Tag color="blue" title="Enviada ao servidor ao finalizar">
                Neste caixa
              </Tag>
            ) : null}
          </Flex>
          {atendente && (
            <Typography.Text type="secondary" data-testid="atendente-venda">
              Atendente: {atendente.nome}
            </Typography.Text>
          )}
          <Flex justify="space-between" align="center" style={{ marginTop: 4 }}>
            <Typography.Text type="secondary">CPF/CNPJ na nota</Typography.Text>
            <Button
              type="link"
              size="small"
              style={{ paddingInline: 0 }}
              onClick={() => setCpfNota(true)}
              data-testid="cpf-venda"
            >
              {venda.cpfCnpj ? formatarCpfCnpj(venda.cpfCnpj) : 'Informar (F3)'}
            </Button>
          </Flex>
          <Flex justify="space-between" style={{ marginTop: 4 }}>
            <Typography.Text type="secondary">Itens</Typography.Text>
            <Typography.Text>{ativos.length}</Typography.Text>
          </Flex>
          <Flex justify="space-between">
            <Typography.Text type="secondary">Subtotal</Typography.Text>
            <Typography.Text data-testid="subtotal">{formatarMoeda(venda.subTotal)}</Typography.Text>
          </Flex>
          <Flex justify="space-between">
            <Typography.Text type="secondary">Descontos</Typography.Text>
            <Typography.Text type="success" data-testid="total-desconto">
              {formatarMoeda(venda.totalDesconto)}
            </Typography.Text>
          </Flex>
          {Number(venda.totalAcrescimo) > 0 && (
            <Flex justify="space-between">
              <Typography.Text type="secondary">Acréscimos</Typography.Text>
              <Typography.Text>{formatarMoeda(venda.totalAcrescimo)}</Typography.Text>
            </Flex>
          )}
          {Number(venda.taxaEntrega) > 0 && (
            <Flex justify="space-between">
              <Typography.Text type="secondary">Taxa de entrega</Typography.Text>
              <Typography.Text data-testid="taxa-entrega">{formatarMoeda(venda.taxaEntrega)}</Typography.Text>
            </Flex>
          )}
          {venda.combosRealizados.map((c) => (
            <Flex key={`${c.combo}-${c.itens.map((i) => i.numeroItem).join()}`} justify="space-between">
              <Tag color={c.corPredominanteCombo ?? undefined}>{c.descricao}</Tag>
              <Typography.Text type="success">-{formatarMoeda(c.desconto)}</Typography.Text>
            </Flex>
          ))}
          <Flex justify="space-between" align="baseline" style={{ marginTop: 8 }}>
            <Typography.Text strong>Total</Typography.Text>
            <Typography.Title level={2} style={{ margin: 0 }} data-testid="total-venda">
              {formatarMoeda(venda.total)}
            </Typography.Title>
          </Flex>
        </Card>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }} {...cel.acoes}>
          <BotaoGrande
            onClick={() =>
              selecionado
                ? setDesconto('item')
                : notificar({ tipo: 'warning', mensagem: 'Item não informado' })
            }
          >
            Desconto item (F6)
          </BotaoGrande>
          <BotaoGrande onClick={() => setDesconto('geral')}>Desconto geral (F7)</BotaoGrande>
          <BotaoGrande onClick={() => setObs({ aberto: true, texto: '' })} disabled={!selecionado}>
            Observação
          </BotaoGrande>
          <BotaoGrande danger onClick={() => void deletarItem()}>
            Excluir item (Del)
          </BotaoGrande>
          {mesa && (
            <>
              <BotaoGrande
                onClick={() => setPergunta({ tipo: 'posicaoItem', valor: '' })}
                disabled={!selecionado}
              >
                Posição do item
              </BotaoGrande>
              <BotaoGrande onClick={() => setPergunta({ tipo: 'pagarPosicao', valor: '' })}>
                Pagar posição
              </BotaoGrande>
              <BotaoGrande
                onClick={() => setPergunta({ tipo: 'transferir', valor: '' })}
                disabled={!selecionado}
              >
                Transferir item
              </BotaoGrande>
              <BotaoGrande
                onClick={() => setPergunta({ tipo: 'transferirMesa', valor: '' })}
                disabled={!criada.current}
              >
                Transferir mesa
              </BotaoGrande>
              <BotaoGrande onClick={() => void fecharConta(true)}>Fechar c/ serviço</BotaoGrande>
              <BotaoGrande onClick={() => void fecharConta(false)}>Fechar s/ serviço</BotaoGrande>
            </>
          )}
          {/* On a phone the kitchen button lives in the bottom bar, always in reach. */}
          {!cel.compacto && cozinha.botao}
          <BotaoGrande onClick={() => void imprimirConta()} data-testid="imprimir-conta">
            Imprimir conta (F8)
          </BotaoGrande>
          <BotaoGrande onClick={() => setIdentificando({})} data-testid="botao-atendente">
            {atendente ? `Atendente: ${atendente.nome.split(' ')[0]}` : 'Atendente (F9)'}
          </BotaoGrande>
          {p.acoesExtras?.({
            venda,
            selecionado,
            aplicar: (v) => setVenda(v),
          })}
          <BotaoGrande danger onClick={cancelarVenda}>
            Cancelar venda
          </BotaoGrande>
          <BotaoGrande onClick={() => void voltar()}>Voltar</BotaoGrande>
          <BotaoGrande onClick={() => setMapaTeclas(true)} data-testid="botao-mapa-teclas">
            Teclas (F1)
          </BotaoGrande>
        </div>
        <BotaoGrande
          type="primary"
          style={{ minHeight: 64, fontSize: 20 }}
          onClick={abrirPagamento}
          data-testid="abrir-pagamento"
        >
          Pagamento (F4) · {formatarMoeda(venda.total)}
        </BotaoGrande>
      </Flex>
      {cel.compacto && (
        <BarraCelular titulo={p.titulo ?? 'Venda'} total={venda.total} aoConta={() => void imprimirConta()}>
          {cozinha.botao}
        </BarraCelular>
      )}
      <PagamentoDialog
        aberto={pagando}
        venda={venda}
        formas={formas}
        pix={pixLoja}
        empresa={p.amb.empresa}
        ocupado={ocupado || sincronizando}
        aoLancar={lancarPagamento}
        operadoras={p.dados.operadoras}
        aoCancelarPagamento={cancelarPagamento}
        aoConfirmar={confirmar}
        aoCpfNota={() => setCpfNota(true)}
        emEspera={cpfNota}
        aoFechar={() => {
          setPagando(false);
          setPosicaoPagando(null);
        }}
        {...(posicaoPagando
          ? {
              restanteOverride: valorPosicao(venda, posicaoPagando),
              titulo: `Pagamento da posição ${posicaoPagando}`,
            }
          : {})}
      />
      <Modal
        open={pergunta !== null}
        title={
          pergunta?.tipo === 'posicaoItem'
            ? `Posições do item ${selecionado ?? ''} (ex.: 1 ou 1,2)`
            : pergunta?.tipo === 'pagarPosicao'
              ? 'Pagar a posição'
              : pergunta?.tipo === 'transferirMesa'
                ? 'Transferir a mesa inteira para a mesa'
                : 'Transferir o item para a mesa'
        }
        okText="Confirmar"
        onOk={() => void responder()}
        onCancel={() => setPergunta(null)}
        destroyOnHidden
      >
        <Input
          size="large"
          autoFocus
          aria-label={
            pergunta?.tipo === 'transferir' || pergunta?.tipo === 'transferirMesa'
              ? 'Mesa destino'
              : 'Posição'
          }
          value={pergunta?.valor ?? ''}
          onChange={(e) => setPergunta((q) => (q ? { ...q, valor: e.target.value } : q))}
          onPressEnter={() => void responder()}
        />
      </Modal>
      <MapaTeclasDialog aberto={mapaTeclas} aoFechar={() => setMapaTeclas(false)} />
      <CpfNotaDialog
        aberto={cpfNota}
        valor={venda.cpfCnpj}
        aoConfirmar={informarCpf}
        aoFechar={fecharCpfNota}
      />
      {cozinha.dialogo}
      {juncao.dialogo}
      <AtendenteDialog
        aberto={identificando !== null}
        terminal={p.amb.terminal}
        senhaObrigatoria={p.dados.terminal.senhaAtendente}
        aoFechar={() => setIdentificando(null)}
        aoIdentificar={(a) => {
          const depois = identificando?.depois;
          // Lines kept on this terminal go to the server under the attendant who launched them (the creation
          // carries one attendant) before another one takes over.
          if (atendenteRef.current?._id !== a._id) void enviarAoServidor();
          setAtendente(a);
          atendenteRef.current = a;
          setIdentificando(null);
          notificar({ tipo: 'success', mensagem: `Atendente: ${a.nome}.` });
          depois?.();
        }}
      />
      <PizzaDialog
        base={pizza?.base ?? null}
        sabores={sabores}
        aoFechar={() => setPizza(null)}
        aoConfirmar={(partes, qtd) => {
          const base = partes[0]?.produto;
          setPizza(null);
          if (base) adicionar(base, qtd, undefined, partes);
        }}
      />
      <DescontoDialog
        aberto={desconto !== null}
        titulo={desconto === 'item' ? `Desconto no item ${selecionado ?? ''}` : 'Desconto geral'}
        modos={desconto === 'item' ? MODOS_DESCONTO_ITEM : MODOS_DESCONTO_GERAL}
        aoFechar={() => setDesconto(null)}
        aoConfirmar={(modo, valor) => desconto && void aplicarDesconto(desconto, modo, valor)}
      />
      <Modal
        open={obs.aberto}
        title="Observação do item"
        onCancel={() => setObs({ aberto: false, texto: '' })}
        onOk={() => {
          const n = selecionado;
          const texto = obs.texto;
          setObs({ aberto: false, texto: '' });
          const item = vendaRef.current.produtos.find((i) => i.numeroItem === n);
          if (!item) return;
          const v = vendaRef.current;
          setVenda({
            ...v,
            produtos: v.produtos.map((i) => (i.numeroItem === n ? { ...i, obs: texto } : i)),
          });
          if (!modoLocal && criada.current)
            void enfileirar(() => vendaApi.alterarItem(v._id, item.numeroItem, item.quantidade, texto));
        }}
      >
        <Input.TextArea
          aria-label="Observação"
          maxLength={500}
          value={obs.texto}
          onChange={(e) => setObs({ aberto: true, texto: e.target.value })}
        />
      </Modal>
    </Flex>
  );
}
