import { formatarMoeda } from '@retaguarda/domain';
import { Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import type { ProdutoFrenteLoja } from './dados-referencia.ts';

// The list under a product search box (POS sale screen and call center): code, name, price; a click chooses.

export function ResultadosBusca({
  resultados,
  aoEscolher,
  marcas,
}: {
  resultados: readonly ProdutoFrenteLoja[];
  aoEscolher: (p: ProdutoFrenteLoja) => void;
  /** Tags after the name (the call center marks pizzas and additions). */
  marcas?: (p: ProdutoFrenteLoja) => ReactNode;
}) {
  const { token } = theme.useToken();
  if (resultados.length === 0) return null;
  return (
    <div
      role="listbox"
      aria-label="Produtos encontrados"
      data-testid="resultados-busca"
      style={{
        position: 'absolute',
        zIndex: 5,
        insetInline: 0,
        top: 44,
        maxHeight: 360,
        overflowY: 'auto',
        background: token.colorBgElevated,
        boxShadow: token.boxShadowSecondary,
        borderRadius: token.borderRadius,
      }}
    >
      {resultados.map((r) => (
        <div
          key={r._id}
          role="option"
          aria-selected={false}
          tabIndex={-1}
          onClick={() => aoEscolher(r)}
          onKeyDown={() => undefined}
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            padding: '10px 12px',
            cursor: 'pointer',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <span>
            <Typography.Text type="secondary">{r.codigoInterno} · </Typography.Text>
            {r.descricao}
            {marcas?.(r)}
          </span>
          <Typography.Text strong>{formatarMoeda(r.preco)}</Typography.Text>
        </div>
      ))}
    </div>
  );
}
