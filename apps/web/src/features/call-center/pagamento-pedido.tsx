import {
  type FormaPagamentoVenda,
  formatarMoeda,
  MENSAGENS,
  TIPO_PAGAMENTO,
  TIPO_TROCO,
} from '@retaguarda/domain';
import { Button, Flex, Input, InputNumber, Radio, Segmented, Typography } from 'antd';
import type { ModoPagamento, PagamentoCallCenter, PagamentoPedido } from './call-center-api.ts';
import { notasParaTroco } from './pedido.ts';

// How the customer pays a call-center order (server: modules/call-center/pagamento.ts, whose messages
// these mirror): prepaid (card link, PIX, app: the server records the payment) or collected by the rider /
// at the counter, with the note the customer will pay with and the change to take along.

/** Forms a call center may take in advance (no cash, cheque or store credit over the phone). */
const TIPOS_PREPAGO: ReadonlySet<number> = new Set([
  TIPO_PAGAMENTO.debito,
  TIPO_PAGAMENTO.credito,
  TIPO_PAGAMENTO.valeRefeicao,
  TIPO_PAGAMENTO.valeAlimentacao,
  TIPO_PAGAMENTO.boleto,
  TIPO_PAGAMENTO.movimentacaoBancaria,
  TIPO_PAGAMENTO.carteiraDigital,
  TIPO_PAGAMENTO.appTerceiros,
]);
/** Forms the rider or the counter may collect. */
const TIPOS_NA_ENTREGA: ReadonlySet<number> = new Set([
  TIPO_PAGAMENTO.dinheiro,
  TIPO_PAGAMENTO.cheque,
  TIPO_PAGAMENTO.debito,
  TIPO_PAGAMENTO.credito,
  TIPO_PAGAMENTO.valeRefeicao,
  TIPO_PAGAMENTO.valeAlimentacao,
  TIPO_PAGAMENTO.carteiraDigital,
]);

export interface EscolhaPagamento {
  modo: ModoPagamento;
  forma: string | null;
  /** The note the customer pays with (collected in cash), null for no change. */
  trocoPara: number | null;
  observacao: string;
}

export const formasDoModo = (formas: readonly FormaPagamentoVenda[], modo: ModoPagamento) =>
  formas.filter((f) => (modo === 'prepago' ? TIPOS_PREPAGO : TIPOS_NA_ENTREGA).has(f.tipo));

/** Cash to collect when the store has it; else the first form the mode allows. */
export function escolhaPadrao(formas: readonly FormaPagamentoVenda[]): EscolhaPagamento {
  const lista = formasDoModo(formas, 'naEntrega');
  const forma = lista.find((f) => f.tipo === TIPO_PAGAMENTO.dinheiro) ?? lista[0];
  return { modo: 'naEntrega', forma: forma?._id ?? null, trocoPara: null, observacao: '' };
}

/** The same choice in another store: the form of the same type there (ids are per store). */
export function escolhaEmOutraLoja(
  e: EscolhaPagamento,
  antes: readonly FormaPagamentoVenda[],
  depois: readonly FormaPagamentoVenda[],
): EscolhaPagamento {
  const tipo = antes.find((f) => f._id === e.forma)?.tipo;
  const forma = formasDoModo(depois, e.modo).find((f) => f.tipo === tipo);
  return forma ? { ...e, forma: forma._id } : { ...escolhaPadrao(depois), observacao: e.observacao };
}

/** Between antd's middle and large: two rows of forms and the change fit under the order's lines. */
const TOQUE = { height: 38, lineHeight: '36px' } as const;

const centavos = (v: string | number) => Math.round(Number(v) * 100);

/** The refusal the server would give, so the attendant sees it before sending. */
export function erroPagamento(
  e: EscolhaPagamento,
  formas: readonly FormaPagamentoVenda[],
  total: string,
): string | null {
  const forma = formas.find((f) => f._id === e.forma);
  if (!forma) return 'Informe a forma de pagamento!';
  if (e.modo === 'prepago' || e.trocoPara === null) return null;
  if (centavos(e.trocoPara) < centavos(total))
    return `O valor para troco (${formatarMoeda(e.trocoPara)}) é menor que o valor a cobrar (${formatarMoeda(total)})!`;
  if (centavos(e.trocoPara) > centavos(total) && forma.tipoTroco === TIPO_TROCO.naoPermite)
    return MENSAGENS.naoPermiteTroco(forma.descricao);
  return null;
}

export function pagamentoParaEnvio(e: EscolhaPagamento): PagamentoPedido | undefined {
  if (!e.forma) return undefined;
  return {
    modo: e.modo,
    formaPagamento: e.forma,
    ...(e.modo === 'naEntrega' && e.trocoPara !== null ? { trocoPara: e.trocoPara.toFixed(2) } : {}),
    ...(e.observacao.trim() ? { observacao: e.observacao.trim() } : {}),
  };
}

/** One line for the tracking list and the order's details. */
export function resumoPagamento(p: PagamentoCallCenter | null, tipoVenda: number): string {
  if (!p) return 'Pagamento não informado';
  if (p.modo === 'prepago') return `Pré-pago · ${p.formaPagamento.descricao}`;
  const onde = tipoVenda === 55 ? 'na entrega' : 'na retirada';
  const troco =
    p.trocoPara !== null && Number(p.troco) > 0
      ? ` · troco para ${formatarMoeda(p.trocoPara)} (levar ${formatarMoeda(p.troco)})`
      : '';
  return `Cobrar ${formatarMoeda(p.valorCobrar)} ${onde} em ${p.formaPagamento.descricao}${troco}`;
}

export function PainelPagamento({
  tipoVenda,
  formas,
  total,
  valor,
  aoMudar,
}: {
  tipoVenda: 53 | 55;
  formas: readonly FormaPagamentoVenda[];
  total: string;
  valor: EscolhaPagamento;
  aoMudar: (e: EscolhaPagamento) => void;
}) {
  const lista = formasDoModo(formas, valor.modo);
  const forma = formas.find((f) => f._id === valor.forma);
  const daTroco = valor.modo === 'naEntrega' && forma?.tipoTroco === TIPO_TROCO.permite;
  const erro = erroPagamento(valor, formas, total);
  const troco = valor.trocoPara === null ? 0 : Math.max(0, centavos(valor.trocoPara) - centavos(total)) / 100;

  const mudarModo = (modo: ModoPagamento) => {
    const atual = formasDoModo(formas, modo).find((f) => f._id === valor.forma);
    const primeira = formasDoModo(formas, modo)[0];
    aoMudar({ ...valor, modo, forma: (atual ?? primeira)?._id ?? null, trocoPara: null });
  };

  return (
    <Flex vertical gap={8} data-testid="painel-pagamento">
      <Segmented<ModoPagamento>
        block
        value={valor.modo}
        onChange={mudarModo}
        data-testid="modo-pagamento"
        options={[
          { value: 'naEntrega', label: tipoVenda === 55 ? 'Cobrar na entrega' : 'Pagar na retirada' },
          { value: 'prepago', label: 'Pré-pago' },
        ]}
      />
      <Radio.Group
        id="cc-forma-pagamento"
        aria-label="Forma de pagamento"
        optionType="button"
        buttonStyle="solid"
        value={valor.forma}
        onChange={(ev) => aoMudar({ ...valor, forma: ev.target.value as string, trocoPara: null })}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}
      >
        {lista.map((f) => (
          <Radio.Button
            key={f._id}
            value={f._id}
            style={{ ...TOQUE, borderRadius: 6, borderInlineStartWidth: 1 }}
          >
            {f.descricao}
          </Radio.Button>
        ))}
      </Radio.Group>
      {daTroco && (
        <Flex vertical>
          <Flex gap={6} wrap align="center">
            <Typography.Text>Troco:</Typography.Text>
            <Button
              style={TOQUE}
              type={valor.trocoPara === null ? 'primary' : 'default'}
              onClick={() => aoMudar({ ...valor, trocoPara: null })}
            >
              Sem troco
            </Button>
            {notasParaTroco(Number(total)).map((n) => (
              <Button
                key={n}
                style={TOQUE}
                type={valor.trocoPara === n ? 'primary' : 'default'}
                onClick={() => aoMudar({ ...valor, trocoPara: n })}
              >
                {formatarMoeda(n)}
              </Button>
            ))}
            <InputNumber<number>
              aria-label="Troco para"
              placeholder="Outra nota"
              min={0}
              precision={2}
              decimalSeparator=","
              style={{ width: 110, height: 38, paddingBlock: 2 }}
              value={valor.trocoPara}
              onChange={(v) => aoMudar({ ...valor, trocoPara: v === null || v <= 0 ? null : v })}
            />
          </Flex>
        </Flex>
      )}
      {valor.modo === 'prepago' && (
        <Input
          aria-label="Comprovante do pagamento"
          placeholder="Autorização, NSU ou id do PIX (opcional)"
          maxLength={200}
          value={valor.observacao}
          onChange={(ev) => aoMudar({ ...valor, observacao: ev.target.value })}
        />
      )}
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        {valor.modo === 'prepago' ? (
          <Typography.Text type="secondary">
            Nada a cobrar: o pagamento fica lançado no pedido.
          </Typography.Text>
        ) : (
          <Typography.Text>
            A cobrar{' '}
            <Typography.Text strong data-testid="valor-cobrar">
              {formatarMoeda(total)}
            </Typography.Text>
            {forma ? ` em ${forma.descricao}` : ''}
          </Typography.Text>
        )}
        {daTroco && troco > 0 && (
          <Typography.Text strong type="warning" data-testid="troco-levar">
            Levar troco de {formatarMoeda(troco)}
          </Typography.Text>
        )}
      </Flex>
      {erro && (
        <Typography.Text type="danger" data-testid="erro-pagamento">
          {erro}
        </Typography.Text>
      )}
    </Flex>
  );
}
