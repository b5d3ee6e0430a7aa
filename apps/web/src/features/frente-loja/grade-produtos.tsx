import { formatarMoeda } from '@retaguarda/domain';
import type { CategoriaGrade } from '@retaguarda/domain/frente-loja/grade-produtos';
import { Button, theme } from 'antd';
import { type CSSProperties, memo, useMemo, useState } from 'react';
import type { ProdutoFrenteLoja } from './dados-referencia.ts';
import type { IndiceProdutos } from './indice-produtos.ts';

// The product grid of the sale screen on phones and tablets (issue 13: a waiter at the table): the
// categories as a row of big buttons and the category's products as picture cards, one tap launches (a
// pizza of a family with fractions opens the builder, as from the search). Plain buttons styled from the
// theme tokens: a category of a few hundred products renders in one frame.

/** Products the server values by itself (service charge, delivery fee) are never launched by hand. */
const FORA_DA_GRADE = new Set(['Gorjeta', 'Taxa Entrega']);
/** A category with thousands of products shows the first ones; the search finds the rest. */
const LIMITE_POR_CATEGORIA = 120;
const SEM_CATEGORIA: CategoriaGrade = { _id: '', descricao: 'Outros' };

export const GradeProdutos = memo(function GradeProdutos({
  indice,
  categorias,
  aoEscolher,
}: {
  indice: IndiceProdutos<ProdutoFrenteLoja>;
  categorias: readonly CategoriaGrade[];
  /** Keep it stable (`useEventoEstavel`): a new one renders the grid again. */
  aoEscolher: (produto: ProdutoFrenteLoja) => void;
}) {
  const { token } = theme.useToken();
  // Each product under each of its categories; those without a known one under 'Outros'.
  const abas = useMemo(() => {
    const porCategoria = new Map<string, ProdutoFrenteLoja[]>();
    const conhecidas = new Set(categorias.map((c) => c._id));
    for (const produto of indice.produtos) {
      if (FORA_DA_GRADE.has(produto.tipoProduto)) continue;
      const suas = (produto.categorias ?? []).filter((c) => conhecidas.has(c));
      for (const c of suas.length ? suas : [SEM_CATEGORIA._id]) {
        const lista = porCategoria.get(c);
        if (lista) lista.push(produto);
        else porCategoria.set(c, [produto]);
      }
    }
    return [...categorias, SEM_CATEGORIA]
      .filter((c) => porCategoria.has(c._id))
      .map((c) => ({
        ...c,
        produtos: (porCategoria.get(c._id) ?? [])
          .sort((a, b) => a.descricao.localeCompare(b.descricao, 'pt-BR'))
          .slice(0, LIMITE_POR_CATEGORIA),
      }));
  }, [indice, categorias]);
  const [escolhida, setEscolhida] = useState<string | null>(null);
  const atual = abas.find((a) => a._id === escolhida) ?? abas[0];

  const e = useMemo(() => {
    return {
      // A fieldset without its browser frame (and allowed to shrink: its default min-width is its content's).
      conjunto: { border: 0, margin: 0, padding: 0, minWidth: 0 } satisfies CSSProperties,
      cartao: {
        font: 'inherit',
        color: token.colorText,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
        cursor: 'pointer',
        display: 'flex',
        flexDirection: 'column',
        padding: 0,
        overflow: 'hidden',
        textAlign: 'start',
        minHeight: 44,
      } satisfies CSSProperties,
      figura: {
        height: 88,
        width: '100%',
        objectFit: 'cover',
        display: 'block',
        background: token.colorFillTertiary,
      } satisfies CSSProperties,
      marcador: {
        height: 88,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 30,
        fontWeight: 600,
        letterSpacing: 1,
        color: token.colorTextSecondary,
        background: token.colorFillTertiary,
      } satisfies CSSProperties,
      texto: {
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        padding: '6px 10px 8px',
      } satisfies CSSProperties,
      nome: {
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        lineHeight: 1.3,
        minHeight: '2.6em',
      } satisfies CSSProperties,
    };
  }, [token]);

  if (!atual) return null;
  return (
    <section aria-label="Cardápio" data-testid="grade-produtos" style={{ minWidth: 0 }}>
      <fieldset
        aria-label="Categorias"
        data-testid="categorias-grade"
        style={{ ...e.conjunto, display: 'flex', gap: 8, overflowX: 'auto', paddingBottom: 8 }}
      >
        {abas.map((a) => (
          // antd's buttons: the active one takes the theme's primary pair, tuned for contrast in both themes.
          <Button
            key={a._id || 'outros'}
            size="large"
            type={a._id === atual._id ? 'primary' : 'default'}
            aria-pressed={a._id === atual._id}
            onClick={() => setEscolhida(a._id)}
            style={{ flex: 'none', minHeight: 44 }}
          >
            {a.descricao}
          </Button>
        ))}
      </fieldset>
      <fieldset
        aria-label={`Produtos de ${atual.descricao}`}
        style={{
          ...e.conjunto,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: 8,
        }}
      >
        {atual.produtos.map((produto) => (
          <button
            key={produto._id}
            type="button"
            data-testid={`grade-${produto._id}`}
            onClick={() => aoEscolher(produto)}
            style={e.cartao}
          >
            {produto.imagem ? (
              <img src={produto.imagem} alt="" loading="lazy" style={e.figura} />
            ) : (
              // No picture in the registration: the initials on a quiet field keep the cards the same size.
              <span aria-hidden style={e.marcador}>
                {iniciais(produto.descricao)}
              </span>
            )}
            <span style={e.texto}>
              <span style={e.nome}>{produto.descricao}</span>
              <strong>{formatarMoeda(produto.preco)}</strong>
            </span>
          </button>
        ))}
      </fieldset>
    </section>
  );
});

/** 'Pizza Grande Calabresa' -> 'PG'; 'X-Burguer' -> 'XB'. */
export function iniciais(descricao: string): string {
  const palavras = descricao
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return palavras
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}
