import { ArrowLeftOutlined } from '@ant-design/icons';
import { formatarMoeda } from '@retaguarda/domain';
import { Button, Flex, Typography, theme } from 'antd';
import { type CSSProperties, type ReactNode, useMemo, useState, useSyncExternalStore } from 'react';

// The sale screen on a phone or a tablet held upright (issue 13: the waiter at the table). Below antd's `lg`
// breakpoint the two columns of the desktop (search + lines | totals + actions) do not fit: the screen becomes
// one column with two tabs, 'Cardápio' (search + product grid) and 'Pedido' (lines, totals, actions), and a
// bar at the bottom with the total, the bill and the kitchen. 1024x768 and wider keep the desktop layout
// untouched: when not compact every region's extra props are empty.

const CONSULTA_COMPACTA = '(max-width: 991.98px)';

function assinar(aviso: () => void): () => void {
  const consulta = window.matchMedia(CONSULTA_COMPACTA);
  consulta.addEventListener('change', aviso);
  return () => consulta.removeEventListener('change', aviso);
}

/** True on phones and upright tablets (narrower than 992 px). */
export function useTelaCompacta(): boolean {
  return useSyncExternalStore(
    assinar,
    () => window.matchMedia(CONSULTA_COMPACTA).matches,
    () => false,
  );
}

export type AbaCelular = 'cardapio' | 'pedido';

interface Regiao {
  style?: CSSProperties;
  vertical?: boolean;
  gap?: number;
}

export interface LayoutCelular {
  compacto: boolean;
  aba: AbaCelular;
  setAba: (a: AbaCelular) => void;
  /** Whether a piece that belongs to a tab is shown (always on the desktop). */
  mostrar: (a: AbaCelular) => boolean;
  /** Props spread last on each region of the desktop layout: they replace its style when compact. */
  raiz: Regiao;
  esquerda: Regiao;
  itens: Regiao;
  direita: Regiao;
  acoes: Regiao;
}

const NADA: Regiao = {};

export function useLayoutCelular(): LayoutCelular {
  const compacto = useTelaCompacta();
  const [aba, setAba] = useState<AbaCelular>('cardapio');
  return useMemo(() => {
    if (!compacto)
      return {
        compacto,
        aba,
        setAba,
        mostrar: () => true,
        raiz: NADA,
        esquerda: NADA,
        itens: NADA,
        direita: NADA,
        acoes: NADA,
      };
    const pedido = aba === 'pedido';
    // One column that grows with its content: the shell's content area scrolls, the bottom bar sticks.
    return {
      compacto,
      aba,
      setAba,
      mostrar: (a: AbaCelular) => a === aba,
      raiz: { vertical: true, gap: 8, style: { minHeight: '100%', minWidth: 0 } },
      esquerda: { vertical: true, gap: 8, style: { flex: 'none', minWidth: 0 } },
      itens: { style: pedido ? { flex: 'none' } : { display: 'none' } },
      direita: { vertical: true, gap: 8, style: pedido ? { flex: 'none' } : { display: 'none' } },
      acoes: {
        style: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 8 },
      },
    };
  }, [compacto, aba]);
}

const TOQUE = { minHeight: 48 } as const;

/** The tabs of the compact sale screen, with the way back to the map. */
export function AbasCelular({
  layout,
  itens,
  aoVoltar,
}: {
  layout: LayoutCelular;
  itens: number;
  aoVoltar: () => void;
}) {
  const aba = (a: AbaCelular, rotulo: string) => (
    <Button
      size="large"
      block
      type={layout.aba === a ? 'primary' : 'default'}
      aria-pressed={layout.aba === a}
      data-testid={`aba-${a}`}
      onClick={() => layout.setAba(a)}
      style={TOQUE}
    >
      {rotulo}
    </Button>
  );
  return (
    <Flex gap={8} data-testid="abas-celular">
      <Button
        size="large"
        aria-label="Voltar"
        icon={<ArrowLeftOutlined />}
        onClick={aoVoltar}
        style={{ ...TOQUE, minWidth: 48 }}
      />
      {aba('cardapio', 'Cardápio')}
      {aba('pedido', `Pedido (${itens})`)}
    </Flex>
  );
}

/** The bottom bar: what the table owes, the bill and, under them, the main action (send to the kitchen). */
export function BarraCelular({
  titulo,
  total,
  aoConta,
  children,
}: {
  titulo: ReactNode;
  total: string;
  aoConta: () => void;
  /** The main action (sending to the kitchen), on a row of its own. */
  children?: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex
      gap={8}
      align="center"
      wrap
      data-testid="barra-celular"
      style={{
        position: 'sticky',
        // The shell's content area has a 12 px padding: stick to its very edge, not 12 px above it.
        bottom: -12,
        zIndex: 3,
        marginTop: 'auto',
        // Full bleed over the shell's padding, so the lines scroll under it and not beside it.
        marginInline: -12,
        marginBottom: -12,
        padding: '8px 12px',
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex vertical style={{ flex: '1 1 auto', minWidth: 0 }}>
        <Typography.Text type="secondary" ellipsis>
          {titulo}
        </Typography.Text>
        <Typography.Text strong style={{ fontSize: 20 }} data-testid="total-celular">
          {formatarMoeda(total)}
        </Typography.Text>
      </Flex>
      <Button size="large" onClick={aoConta} data-testid="pedir-conta" style={TOQUE}>
        Conta
      </Button>
      {children && (
        // A row of its own, the whole width: the main action is the biggest target on the screen.
        <div style={{ flex: '1 1 100%', display: 'grid' }} data-testid="acao-principal-celular">
          {children}
        </div>
      )}
    </Flex>
  );
}
