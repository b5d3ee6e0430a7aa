import type { Venda, VendaItem } from '@retaguarda/domain';
import { formatarMoeda, formatarNumeroEnxuto } from '@retaguarda/domain';
import type { SituacaoCozinha, SituacaoCozinhaVenda } from '@retaguarda/domain/kds/situacao-cozinha';
import { Button, Empty, theme } from 'antd';
import { type CSSProperties, memo, useMemo } from 'react';
import { AjusteQuantidade } from './ajuste-quantidade.tsx';

// The lines of the sale, built for a 100+ line table bill: rows are plain elements styled from the
// theme tokens once per list, and memoised by the values they show (the engine returns new item
// objects on every recompute), so adding a line re-renders the new row and the rows whose values moved.

interface Estilos {
  linha: CSSProperties;
  secundario: CSSProperties;
  pequeno: CSSProperties;
  sucesso: CSSProperties;
  /** Phones: no unit price column (the line value and quantity stay). */
  compacto: boolean;
  selecionado: string;
  etiqueta: (cor: string) => CSSProperties;
  cores: { promocao: string; happy: string; desconto: string; erro: string; neutro: string; enviado: string };
  /** The kitchen produced the line: filled, so the green reads on both themes. */
  pronto: CSSProperties;
}

function mesmoItem(a: VendaItem, b: VendaItem): boolean {
  return (
    a === b ||
    (a.numeroItem === b.numeroItem &&
      a.produto._id === b.produto._id &&
      a.quantidade === b.quantidade &&
      a.precoVenda === b.precoVenda &&
      a.valorLiquido === b.valorLiquido &&
      a.desconto === b.desconto &&
      a.descontoHappyHour === b.descontoHappyHour &&
      a.descontoPersonalizado === b.descontoPersonalizado &&
      a.comboAtivo === b.comboAtivo &&
      a.corPredominanteCombo === b.corPredominanteCombo &&
      a.promocaoAtivo === b.promocaoAtivo &&
      a.existePosicaoPago === b.existePosicaoPago &&
      a.cancelado === b.cancelado &&
      a.confirmado === b.confirmado &&
      a.obs === b.obs &&
      a.posicao.length === b.posicao.length &&
      a.produtosFilho.length === b.produtosFilho.length)
  );
}

const quantidadeTexto = (q: string) => formatarNumeroEnxuto(q, 3);

const LinhaItem = memo(
  function LinhaItem({
    item,
    selecionado,
    aoSelecionar,
    e,
    cozinha,
  }: {
    item: VendaItem;
    /** What the kitchen did with the sent line (absent: it only knows it was sent). */
    cozinha?: SituacaoCozinha | undefined;
    selecionado: boolean;
    aoSelecionar: (n: number) => void;
    e: Estilos;
  }) {
    const partes = item.produtosFilho.reduce((s, x) => s + x.quantidadeParte, 0);
    return (
      <button
        type="button"
        data-testid={`item-${item.numeroItem}`}
        aria-pressed={selecionado}
        onClick={() => aoSelecionar(item.numeroItem)}
        style={{
          ...e.linha,
          // The combo colour is registration data (corPredominanteCombo), shown as the line's marker.
          borderInlineStart: `6px solid ${item.comboAtivo && item.corPredominanteCombo ? item.corPredominanteCombo : 'transparent'}`,
          background: selecionado ? e.selecionado : 'transparent',
          textDecoration: item.cancelado ? 'line-through' : undefined,
          opacity: item.cancelado ? 0.55 : 1,
        }}
      >
        <span style={e.secundario}>{item.numeroItem}</span>
        <span style={{ minWidth: 0 }}>
          <strong
            style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {item.produto.descricao}
          </strong>
          {item.produtosFilho.length > 0 && (
            <span style={e.pequeno}>
              {item.produtosFilho
                .map((f) => `${f.quantidadeParte}/${partes} ${f.produto.descricao}`)
                .join(' · ')}
            </span>
          )}
          {item.obs && <span style={e.pequeno}>Obs: {item.obs}</span>}
          {item.comboAtivo && (
            <span style={e.etiqueta(item.corPredominanteCombo ?? e.cores.neutro)}>Combo</span>
          )}
          {item.promocaoAtivo && <span style={e.etiqueta(e.cores.promocao)}>Promoção</span>}
          {Number(item.descontoHappyHour) > 0 && <span style={e.etiqueta(e.cores.happy)}>Happy hour</span>}
          {Number(item.descontoPersonalizado) > 0 && (
            <span style={e.etiqueta(e.cores.desconto)}>Desconto</span>
          )}
          {item.posicao.length > 0 && (
            <span style={e.etiqueta(e.cores.neutro)}>
              Posição {item.posicao.map((p) => p.numero).join(', ')}
            </span>
          )}
          {item.existePosicaoPago && <span style={e.etiqueta(e.cores.neutro)}>Posição paga</span>}
          {item.confirmado && !item.cancelado && cozinha === 'pronto' && (
            <span style={e.pronto} data-testid={`item-${item.numeroItem}-pronto`}>
              Pronto
            </span>
          )}
          {item.confirmado && !item.cancelado && cozinha === 'emPreparo' && (
            <span style={e.etiqueta(e.cores.enviado)} data-testid={`item-${item.numeroItem}-em-preparo`}>
              Em preparo
            </span>
          )}
          {item.confirmado && !item.cancelado && cozinha !== 'pronto' && cozinha !== 'emPreparo' && (
            <span style={e.etiqueta(e.cores.enviado)} data-testid={`item-${item.numeroItem}-enviado`}>
              Enviado
            </span>
          )}
          {item.cancelado && <span style={e.etiqueta(e.cores.erro)}>Cancelado</span>}
        </span>
        <span style={{ textAlign: 'right' }}>{quantidadeTexto(item.quantidade)}</span>
        {!e.compacto && (
          <span style={{ ...e.secundario, textAlign: 'right' }}>{formatarMoeda(item.precoVenda)}</span>
        )}
        <span style={{ textAlign: 'right' }}>
          <strong data-testid={`item-${item.numeroItem}-valor`}>{formatarMoeda(item.valorLiquido)}</strong>
          {Number(item.desconto) > 0 && <span style={e.sucesso}>-{formatarMoeda(item.desconto)}</span>}
        </span>
      </button>
    );
  },
  (a, b) =>
    a.selecionado === b.selecionado &&
    a.cozinha === b.cozinha &&
    a.e === b.e &&
    a.aoSelecionar === b.aoSelecionar &&
    mesmoItem(a.item, b.item),
);

export const ItensVenda = memo(function ItensVenda({
  venda,
  aoQuantidade,
  selecionado,
  aoSelecionar,
  compacto = false,
  cozinha,
}: {
  venda: Pick<Venda, 'produtos'>;
  /** Kitchen state of the sent lines by item _id (situacao-cozinha.ts). */
  cozinha?: SituacaoCozinhaVenda;
  /** - and + of the selected unsent line (absent: none). */
  aoQuantidade?: (n: number, passo: 1 | -1) => void;
  selecionado: number | null;
  aoSelecionar: (n: number) => void;
  /** Narrow screens (phones): the columns fit 360 px. */
  compacto?: boolean;
}) {
  const { token } = theme.useToken();
  const e = useMemo<Estilos>(
    () => ({
      linha: {
        display: 'grid',
        gridTemplateColumns: compacto ? '24px minmax(0, 1fr) 40px 84px' : '36px 1fr 70px 90px 96px',
        alignItems: 'center',
        gap: 8,
        width: '100%',
        padding: '6px 8px',
        minHeight: 44,
        cursor: 'pointer',
        border: 'none',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        font: 'inherit',
        color: token.colorText,
        textAlign: 'start',
      },
      secundario: { color: token.colorTextSecondary },
      pequeno: { color: token.colorTextSecondary, fontSize: 12, display: 'block' },
      sucesso: { color: token.colorSuccess, fontSize: 12, display: 'block' },
      compacto,
      selecionado: token.colorPrimaryBg,
      etiqueta: (cor: string) => ({
        display: 'inline-block',
        marginInlineEnd: 4,
        padding: '0 6px',
        fontSize: 12,
        lineHeight: '18px',
        borderRadius: token.borderRadiusSM,
        border: `1px solid ${cor}`,
        color: cor,
      }),
      cores: {
        promocao: token.colorSuccess,
        happy: token.purple,
        desconto: token.colorWarning,
        erro: token.colorError,
        neutro: token.colorTextSecondary,
        // Lines the kitchen already got (confirmed): the waiter sees what went.
        enviado: token.colorInfo,
      },
      pronto: {
        display: 'inline-block',
        marginInlineEnd: 4,
        padding: '0 6px',
        fontSize: 12,
        lineHeight: '18px',
        fontWeight: 600,
        borderRadius: token.borderRadiusSM,
        border: `1px solid ${token.colorSuccessBorder}`,
        background: token.colorSuccessBg,
        color: token.colorSuccessTextActive,
      },
    }),
    // Primitive deps: the token object itself may be rebuilt on every render.
    [
      compacto,
      token.colorBorderSecondary,
      token.colorText,
      token.colorTextSecondary,
      token.colorSuccess,
      token.colorPrimaryBg,
      token.borderRadiusSM,
      token.purple,
      token.colorWarning,
      token.colorError,
      token.colorInfo,
      token.colorSuccessBorder,
      token.colorSuccessBg,
      token.colorSuccessTextActive,
    ],
  );
  if (venda.produtos.length === 0)
    return <Empty description="Nenhum item lançado. Busque um produto ou leia o código de barras." />;
  return (
    <section aria-label="Itens da venda" data-testid="itens-venda">
      {venda.produtos.map((i) => [
        <LinhaItem
          key={i.numeroItem}
          item={i}
          cozinha={i._id ? cozinha?.[i._id] : undefined}
          selecionado={selecionado === i.numeroItem}
          aoSelecionar={aoSelecionar}
          e={e}
        />,
        selecionado === i.numeroItem && aoQuantidade && (
          <AjusteQuantidade
            key={`q${i.numeroItem}`}
            item={i}
            fundo={e.selecionado}
            aoQuantidade={aoQuantidade}
          />
        ),
      ])}
    </section>
  );
});

export function BotaoGrande(props: React.ComponentProps<typeof Button>) {
  return <Button size="large" style={{ minHeight: 48, ...props.style }} {...props} />;
}
