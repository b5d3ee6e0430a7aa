import {
  bandeirasCartao,
  descricaoPagamento,
  type FormaPagamentoVenda,
  formatarCpfCnpj,
  formatarMoeda,
  lerPagamento,
  NOTAS_REAIS,
  PARCELAS_CARTAO_PDV,
  TIPO_PAGAMENTO,
  TIPO_TROCO,
  teclasFormasPagamento,
  type Venda,
} from '@retaguarda/domain';
import { Button, Divider, Flex, Input, type InputRef, List, Modal, Select, Typography, theme } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { notificar } from '../../lib/notify/notificar.ts';
import { ConvenioPainel } from './convenio-painel.tsx';
import { PixQr } from './pix-qr.tsx';
import { digitarNoValor, TecladoNumerico } from './teclado-numerico.tsx';

export interface PagamentoDialogProps {
  aberto: boolean;
  venda: Venda;
  /** The terminal's methods, most used first (domain `formasDoTerminal`). */
  formas: readonly FormaPagamentoVenda[];
  pix: { chave: string; nome: string; cidade: string };
  ocupado: boolean;
  /** Store of the sale (convênio balance). */
  empresa: string;
  aoLancar: (forma: FormaPagamentoVenda, valorPago: string, extras: ExtrasPagamento) => void;
  /** The store's acquirers (frenteLoja/operadoras): a card payment may say which one took it. */
  operadoras?: readonly { _id: string; descricao: string }[];
  aoCancelarPagamento: (pagamentoId: string) => void;
  aoConfirmar: () => void;
  aoFechar: () => void;
  /** Seat being paid (per-seat payment); its value replaces the balance. */
  restanteOverride?: number;
  titulo?: string;
  /** Touch screen: a numeric pad beside the value (default: a coarse pointer, i.e. a finger). */
  toque?: boolean;
  /** CPF na nota before finishing (F3): opens the sale's CPF dialog. */
  aoCpfNota?: () => void;
  /** A dialog of the sale is open on top (CPF na nota): this one lets go of the focus, and takes it back after. */
  emEspera?: boolean;
}

/** What a payment carries besides its method and value: the convênio customer, the card's details. */
export interface ExtrasPagamento {
  cliente?: string;
  /** Credit card instalments (1x..12x at the POS). */
  parcelas?: number;
  /** Acquirer (operadora) of a card payment. */
  operadora?: string;
  nsu?: string;
  autorizacao?: string;
  /** Card brand, the NFC-e tBand code ('01' Visa...). */
  bandeira?: string;
}

export const ehCartao = (f: FormaPagamentoVenda | null) =>
  f?.tipo === TIPO_PAGAMENTO.credito || f?.tipo === TIPO_PAGAMENTO.debito;

export const MENSAGEM_ESCOLHA_FORMA = 'Escolha a forma de pagamento (a letra no botão).';

const centavos = (v: string) => Math.round(Number(v) * 100);
/** '37,90' for 3790 cents: the value box's text. */
const textoValor = (c: number) => (c / 100).toFixed(2).replace('.', ',');
/** The value box's text in cents; null when it is not a value. */
function lerValor(texto: string): number | null {
  const t = texto.trim();
  if (!/^\d+(,\d{0,2})?$/.test(t)) return null;
  return lerPagamento(t.replace(',', '.'));
}

export const ehPix = (f: FormaPagamentoVenda) =>
  f.tipo === TIPO_PAGAMENTO.carteiraDigital || /pix/i.test(f.descricao);

const toqueDoAparelho = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(pointer: coarse)').matches
    : false;

/**
 * Payments of a sale: several per sale, a letter key per method, quick-cash notes, change shown big, PIX QR,
 * cancel and confirm. Opens with the focus in the value (prefilled with the balance): a letter picks the
 * method, Enter launches it, and with nothing left Enter finishes the sale.
 */
export function PagamentoDialog(p: PagamentoDialogProps) {
  const { token } = theme.useToken();
  const ativos = p.venda.pagamentos.filter((x) => !x.lixo);
  const aplicado = ativos.reduce((s, x) => s + centavos(x.valor), 0);
  const restante = p.restanteOverride ?? Math.max(0, centavos(p.venda.total) - aplicado);
  const [forma, setForma] = useState<FormaPagamentoVenda | null>(null);
  const [valor, setValorTexto] = useState(textoValor(restante));
  // The value shown was filled in (the balance), not typed: the pad's first key replaces it, as typing
  // over the selected text does.
  const preenchido = useRef(true);
  const setValor = (texto: string) => {
    preenchido.current = false;
    setValorTexto(texto);
  };
  const preencher = (c: number) => {
    preenchido.current = true;
    setValorTexto(textoValor(c));
  };
  const entrada = useRef<InputRef>(null);
  const notas = useRef<HTMLFieldSetElement>(null);
  const [toque] = useState(() => p.toque ?? toqueDoAparelho());
  const teclas = useMemo(() => teclasFormasPagamento(p.formas), [p.formas]);
  const porTecla = useMemo(
    () => new Map(p.formas.map((f) => [teclas.get(f._id), f] as const).filter(([t]) => t)),
    [p.formas, teclas],
  );
  // Quick notes pay in the chosen method when it gives change, otherwise in the store's cash method.
  const dinheiro = p.formas.find((f) => f.tipo === TIPO_PAGAMENTO.dinheiro) ?? null;
  const formaNota = forma && forma.tipoTroco === TIPO_TROCO.permite ? forma : forma ? null : dinheiro;
  const semPadrao = p.venda.cliente && !p.venda.cliente.clientePadrao ? p.venda.cliente : null;
  const clienteId = semPadrao?._id;
  const clienteNome = semPadrao?.nome ?? '';
  const [clienteConvenio, setClienteConvenio] = useState<{ _id: string; nome: string } | null>(null);
  const convenio = forma?.tipo === TIPO_PAGAMENTO.convenio;
  // Card details: instalments (credit only, back to 1x for each payment), the acquirer (kept from the last card
  // payment: a store mostly has one), NSU and authorisation as the card terminal printed them (optional).
  const operadoras = p.operadoras ?? [];
  const [parcelas, setParcelas] = useState(1);
  const [operadora, setOperadora] = useState<string | null>(() =>
    operadoras.length === 1 ? (operadoras[0]?._id ?? null) : null,
  );
  const [nsu, setNsu] = useState('');
  const [autorizacao, setAutorizacao] = useState('');
  const [bandeira, setBandeira] = useState<string | null>(null);
  const credito = forma?.tipo === TIPO_PAGAMENTO.credito;
  const mudarParcelas = (d: number) => setParcelas((n) => Math.min(PARCELAS_CARTAO_PDV, Math.max(1, n + d)));
  const troco = Number(p.venda.totalTroco);

  const focarValor = () =>
    setTimeout(() => {
      entrada.current?.focus({ cursor: 'all' });
    }, 0);

  // A payment launched or cancelled: the value is the new balance and the next key picks the next method.
  // Keyed by the payments themselves (their ids are made here, before the server sees them), not by the balance:
  // the sale's sync answer may change the total while the dialog is open (a table's service fee, a price the
  // server recomputed) and the cashier's chosen method and card details must stay.
  const pagamentosLancados = ativos.map((x) => x._id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the payments launched or cancelled only
  useEffect(() => {
    preencher(restante);
    setForma(null);
    setParcelas(1);
    setNsu('');
    setAutorizacao('');
    setBandeira(null);
    if (p.aberto) focarValor();
  }, [pagamentosLancados]);
  // The balance moved under an open dialog: a value the cashier did not type follows it; a typed one stays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the balance only
  useEffect(() => {
    if (preenchido.current) preencher(restante);
  }, [restante]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening (the balance is read, not followed)
  useEffect(() => {
    if (!p.aberto) return;
    // Opened again after the sale changed: the value is the balance, whatever was typed before closing.
    preencher(restante);
    setForma(null);
    setNsu('');
    setAutorizacao('');
    setBandeira(null);
    // The sale's own customer is the convênio customer unless another one is picked.
    setClienteConvenio(clienteId ? { _id: clienteId, nome: clienteNome } : null);
  }, [p.aberto, clienteId, clienteNome]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog on top closes
  useEffect(() => {
    if (p.aberto && !p.emEspera) focarValor();
  }, [p.emEspera]);

  const escolherForma = (f: FormaPagamentoVenda) => {
    if (f._id !== forma?._id) setParcelas(1);
    setForma(f);
    preencher(restante);
    focarValor();
  };

  const lancarCom = (f: FormaPagamentoVenda | null, c: number | null) => {
    if (!f || c === null || c <= 0 || p.ocupado) return;
    if (f.tipo === TIPO_PAGAMENTO.convenio && !clienteConvenio) return;
    const extras: ExtrasPagamento =
      f.tipo === TIPO_PAGAMENTO.convenio && clienteConvenio ? { cliente: clienteConvenio._id } : {};
    if (ehCartao(f) && f._id === forma?._id) {
      if (f.tipo === TIPO_PAGAMENTO.credito) extras.parcelas = parcelas;
      if (operadora) extras.operadora = operadora;
      if (nsu.trim()) extras.nsu = nsu.trim();
      if (autorizacao.trim()) extras.autorizacao = autorizacao.trim();
      if (bandeira) extras.bandeira = bandeira;
    }
    p.aoLancar(f, (c / 100).toFixed(2), extras);
  };
  const lancar = () => lancarCom(forma, lerValor(valor));

  const enter = () => {
    if (restante === 0) {
      if (!p.ocupado) p.aoConfirmar();
      return;
    }
    if (!forma) {
      notificar({ tipo: 'warning', mensagem: MENSAGEM_ESCOLHA_FORMA });
      return;
    }
    lancar();
  };

  // Letter keys pick a method wherever the focus is in this dialog, except in a field that takes letters
  // (the convênio customer search). Only this dialog's own keys: a release opened on top takes its own.
  const tecla = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'F3' && p.aoCpfNota) {
      e.preventDefault();
      p.aoCpfNota();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return;
    const alvo = e.target as HTMLElement;
    if (alvo.tagName === 'TEXTAREA' || (alvo.tagName === 'INPUT' && alvo !== entrada.current?.input)) return;
    const f = porTecla.get(e.key.toUpperCase());
    if (f && /[a-z]/i.test(e.key)) {
      e.preventDefault();
      escolherForma(f);
    }
  };

  const notaTecla = (e: KeyboardEvent<HTMLFieldSetElement>) => {
    const botoes = [...(notas.current?.querySelectorAll('button') ?? [])];
    const k = botoes.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      const n = botoes.length;
      botoes[(k + (e.key === 'ArrowRight' ? 1 : n - 1)) % n]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focarValor();
    }
  };

  const grande = { fontSize: 32, lineHeight: 1.1, fontWeight: 700 } as const;

  return (
    <Modal
      open={p.aberto}
      title={p.titulo ?? 'Pagamento'}
      width={900}
      onCancel={p.aoFechar}
      destroyOnHidden
      // Its focus lock would pull every key of a dialog opened on top back here.
      focusable={{ trap: !p.emEspera }}
      // The dialog's own focus goes to its close button: the value takes it, unless the cashier is already
      // typing there (a fast key before the opening animation ended).
      afterOpenChange={(aberto) =>
        aberto && !p.emEspera && document.activeElement !== entrada.current?.input && focarValor()
      }
      modalRender={(n) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: the keys of the dialog, not a control
        <div onKeyDown={tecla}>{n}</div>
      )}
      footer={
        <Flex justify="space-between">
          <Button size="large" onClick={p.aoFechar}>
            Voltar (Esc)
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
      <Flex gap={16} align="start" wrap>
        <div style={{ flex: '1 1 420px', minWidth: 0 }}>
          <Typography.Text type="secondary">Forma de pagamento (tecla)</Typography.Text>
          <div
            // Three columns where they fit, two on a phone (a long name pushed the third out of the screen).
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
              gap: 8,
              marginTop: 8,
            }}
            role="radiogroup"
            aria-label="Forma de pagamento"
          >
            {p.formas.map((f) => {
              const t = teclas.get(f._id);
              const marcada = forma?._id === f._id;
              return (
                <Button
                  key={f._id}
                  size="large"
                  role="radio"
                  aria-checked={marcada}
                  aria-label={f.descricao}
                  {...(t ? { 'aria-keyshortcuts': t } : {})}
                  data-testid={`forma-${f._id}`}
                  type={marcada ? 'primary' : 'default'}
                  style={{
                    minHeight: 52,
                    whiteSpace: 'normal',
                    lineHeight: 1.1,
                    justifyContent: 'flex-start',
                    textAlign: 'start',
                  }}
                  onClick={() => escolherForma(f)}
                >
                  {t && (
                    <kbd
                      aria-hidden
                      style={{
                        flex: 'none',
                        minWidth: 22,
                        padding: '0 5px',
                        borderStyle: 'solid',
                        borderColor: marcada ? token.colorWhite : token.colorBorder,
                        borderWidth: '1px 1px 2px',
                        borderRadius: token.borderRadiusSM,
                        fontFamily: token.fontFamilyCode,
                        fontSize: 13,
                        textAlign: 'center',
                      }}
                    >
                      {t}
                    </kbd>
                  )}
                  <span>{f.descricao}</span>
                </Button>
              );
            })}
          </div>
          <Flex gap={8} style={{ marginTop: 16 }} align="center">
            <Input
              ref={entrada}
              size="large"
              id="valor-recebido"
              aria-label="Valor recebido"
              prefix="R$"
              inputMode={toque ? 'none' : 'decimal'}
              autoComplete="off"
              value={valor}
              onChange={(e) => setValor(e.target.value.replace(/\./g, ',').replace(/[^\d,]/g, ''))}
              onPressEnter={enter}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  notas.current?.querySelector('button')?.focus();
                } else if (credito && (e.key === '+' || e.key === '-')) {
                  // The value takes no signs: + and - change the instalments of a credit card payment.
                  e.preventDefault();
                  mudarParcelas(e.key === '+' ? 1 : -1);
                }
              }}
              style={{ flex: 1, fontSize: 20 }}
            />
            <Button
              size="large"
              type="primary"
              disabled={!forma || !lerValor(valor) || p.ocupado || (convenio && !clienteConvenio)}
              onClick={lancar}
            >
              Lançar
            </Button>
          </Flex>
          {ehCartao(forma) && (
            <PainelCartao
              credito={credito}
              parcelas={parcelas}
              aoParcelas={setParcelas}
              operadoras={operadoras}
              operadora={operadora}
              aoOperadora={setOperadora}
              nsu={nsu}
              aoNsu={setNsu}
              autorizacao={autorizacao}
              aoAutorizacao={setAutorizacao}
              bandeira={bandeira}
              aoBandeira={setBandeira}
              aoEnter={enter}
            />
          )}
          {restante > 0 && (
            <fieldset
              ref={notas}
              aria-label="Notas rápidas"
              data-testid="notas-rapidas"
              onKeyDown={notaTecla}
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 6,
                marginTop: 10,
                border: 'none',
                padding: 0,
                marginInline: 0,
              }}
            >
              {formaNota &&
                NOTAS_REAIS.map((n) => (
                  <Button
                    key={n}
                    size="large"
                    style={{ minWidth: 64, minHeight: 48 }}
                    onClick={() => lancarCom(formaNota, n * 100)}
                  >
                    {formatarMoeda(n).replace(',00', '')}
                  </Button>
                ))}
              <Button
                size="large"
                style={{ minHeight: 48 }}
                disabled={!(forma ?? dinheiro)}
                onClick={() => lancarCom(forma ?? dinheiro, restante)}
              >
                Valor exato
              </Button>
            </fieldset>
          )}
          {forma && ehPix(forma) && (lerValor(valor) ?? 0) > 0 && (
            <div style={{ marginTop: 16 }}>
              <PixQr
                chave={p.pix.chave}
                nome={p.pix.nome}
                cidade={p.pix.cidade}
                valor={((lerValor(valor) ?? 0) / 100).toFixed(2)}
                txid={p.venda._id.slice(-12)}
              />
            </div>
          )}
        </div>
        <div style={{ flex: '1 1 300px', minWidth: 0 }}>
          {p.aoCpfNota && (
            <Flex justify="space-between" align="center" style={{ marginBottom: 8 }} data-testid="pag-cpf">
              <Typography.Text type="secondary">
                CPF/CNPJ na nota:{' '}
                <Typography.Text strong>
                  {p.venda.cpfCnpj ? formatarCpfCnpj(p.venda.cpfCnpj) : 'não informado'}
                </Typography.Text>
              </Typography.Text>
              <Button size="small" onClick={p.aoCpfNota} aria-keyshortcuts="F3">
                {p.venda.cpfCnpj ? 'Alterar (F3)' : 'Informar (F3)'}
              </Button>
            </Flex>
          )}
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: '1fr auto',
              rowGap: 4,
              alignItems: 'baseline',
              padding: 12,
              borderRadius: token.borderRadiusLG,
              background: token.colorFillQuaternary,
            }}
          >
            <Typography.Text type="secondary">Total</Typography.Text>
            <span data-testid="pag-total" style={{ fontSize: 18, textAlign: 'end' }}>
              {formatarMoeda(p.venda.total)}
            </span>
            <Typography.Text type="secondary">Pago</Typography.Text>
            <span style={{ fontSize: 18, textAlign: 'end' }}>{formatarMoeda(aplicado / 100)}</span>
            <Typography.Text strong>Restante</Typography.Text>
            <span data-testid="pag-restante" style={{ ...grande, textAlign: 'end', color: token.colorText }}>
              {formatarMoeda(restante / 100)}
            </span>
            <Typography.Text strong>Troco</Typography.Text>
            <span
              data-testid="pag-troco"
              style={{
                ...grande,
                fontSize: troco > 0 ? 44 : 32,
                textAlign: 'end',
                color: troco > 0 ? token.colorSuccess : token.colorTextTertiary,
              }}
            >
              {formatarMoeda(p.venda.totalTroco)}
            </span>
            {Number(p.venda.totalValeCompra) > 0 && (
              <>
                <Typography.Text type="secondary">Vale compra</Typography.Text>
                <span style={{ textAlign: 'end' }}>{formatarMoeda(p.venda.totalValeCompra)}</span>
              </>
            )}
          </div>
          {toque && (
            <div style={{ marginTop: 12 }}>
              <TecladoNumerico
                aoTeclar={(t) => setValor(digitarNoValor(preenchido.current ? '' : valor, t))}
              />
            </div>
          )}
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
                  {descricaoPagamento(x)}
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

/**
 * Card details under the value: instalments (credit; also + and - in the value box), the acquirer, the brand (the
 * NFC-e tBand table: it picks the acquirer's rule of that brand and goes in the note's card group), and the NSU
 * and authorisation code of the card terminal's slip. Enter in a box launches the payment, as in the value.
 */
function PainelCartao(p: {
  credito: boolean;
  parcelas: number;
  aoParcelas: (n: number) => void;
  operadoras: readonly { _id: string; descricao: string }[];
  operadora: string | null;
  aoOperadora: (id: string | null) => void;
  nsu: string;
  aoNsu: (v: string) => void;
  autorizacao: string;
  aoAutorizacao: (v: string) => void;
  bandeira: string | null;
  aoBandeira: (codigo: string | null) => void;
  aoEnter: () => void;
}) {
  const rotulo = (texto: string, campo: string) => (
    <label htmlFor={campo}>
      <Typography.Text type="secondary">{texto}</Typography.Text>
    </label>
  );
  return (
    <div
      data-testid="painel-cartao"
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        gap: 8,
        marginTop: 12,
      }}
    >
      {p.credito && (
        <div>
          {rotulo('Parcelas (+/−)', 'pag-parcelas')}
          <Select
            id="pag-parcelas"
            data-testid="pag-parcelas"
            aria-keyshortcuts="+ -"
            size="large"
            style={{ width: '100%' }}
            value={p.parcelas}
            onChange={p.aoParcelas}
            options={Array.from({ length: PARCELAS_CARTAO_PDV }, (_, i) => ({
              value: i + 1,
              label: i === 0 ? '1x (à vista)' : `${i + 1}x`,
            }))}
          />
        </div>
      )}
      {p.operadoras.length > 0 && (
        <div>
          {rotulo('Operadora', 'pag-operadora')}
          <Select
            id="pag-operadora"
            data-testid="pag-operadora"
            size="large"
            style={{ width: '100%' }}
            allowClear
            placeholder="Não informada"
            value={p.operadora ?? undefined}
            onChange={(v?: string) => p.aoOperadora(v ?? null)}
            options={p.operadoras.map((o) => ({ value: o._id, label: o.descricao }))}
          />
        </div>
      )}
      <div>
        {rotulo('Bandeira', 'pag-bandeira')}
        <Select
          id="pag-bandeira"
          data-testid="pag-bandeira"
          size="large"
          style={{ width: '100%' }}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Não informada"
          value={p.bandeira ?? undefined}
          onChange={(v?: string) => p.aoBandeira(v ?? null)}
          options={bandeirasCartao.itens.map((b) => ({ value: String(b.sigla), label: b.descricao }))}
        />
      </div>
      <div>
        {rotulo('NSU', 'pag-nsu')}
        <Input
          id="pag-nsu"
          size="large"
          maxLength={40}
          autoComplete="off"
          value={p.nsu}
          onChange={(e) => p.aoNsu(e.target.value)}
          onPressEnter={p.aoEnter}
        />
      </div>
      <div>
        {rotulo('Autorização', 'pag-autorizacao')}
        <Input
          id="pag-autorizacao"
          size="large"
          maxLength={40}
          autoComplete="off"
          value={p.autorizacao}
          onChange={(e) => p.aoAutorizacao(e.target.value)}
          onPressEnter={p.aoEnter}
        />
      </div>
    </div>
  );
}
