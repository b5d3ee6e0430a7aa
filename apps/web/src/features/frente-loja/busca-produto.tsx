import {
  type ConfiguracaoCodigoBalanca,
  ehCodigoBalanca,
  formatarMoeda,
  lerCodigoBalanca,
  quantidadeCodigoBalanca,
} from '@retaguarda/domain';
import { Input, type InputRef, theme } from 'antd';
import {
  memo,
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { notificar } from '../../lib/notify/notificar.ts';
import type { ProdutoFrenteLoja } from './dados-referencia.ts';
import type { IndiceProdutos } from './indice-produtos.ts';
import { separarQuantidade } from './venda-local.ts';

export interface BuscaProdutoControle {
  limpar(): void;
  focar(): void;
  /** A key typed elsewhere (a scanner's burst after a click on a line): appended here, focus here. */
  inserir(texto: string): void;
  /** What the box holds (the sale's +, - and arrows act on the lines only when it is empty). */
  texto(): string;
  /** The element is the box itself. */
  eh(alvo: EventTarget | null): boolean;
}

interface BuscaProdutoProps {
  /** Without a catalogue (the call center before a store is chosen) the box is disabled. */
  indice: IndiceProdutos<ProdutoFrenteLoja> | null;
  /** The product chosen by Enter (barcode first, then the first result) or by a tap, with the typed quantity.
   * Keep it stable (`useEventoEstavel`): a new one renders the box again. */
  aoEscolher: (produto: ProdutoFrenteLoja, quantidade?: string) => void;
  controle: Ref<BuscaProdutoControle>;
  /** How many results the list shows. */
  limite?: number;
  placeholder?: string;
  autoFocus?: boolean;
  /** Tags after a result's name (the call center marks pizzas and additions). Keep it stable. */
  marcas?: (produto: ProdutoFrenteLoja) => ReactNode;
  /** The store's in-store barcode setting: a scale label (EAN-13 starting with 2) launches its weight or price. */
  balanca?: ConfiguracaoCodigoBalanca | undefined;
}

/**
 * The product search box of the sale screen. It keeps what is typed to itself so a keystroke renders only the
 * box and its results, not the sale around it (a 100-line sale with its buttons and dialogs).
 */
export const BuscaProduto = memo(function BuscaProduto({
  indice,
  aoEscolher,
  controle,
  limite = 30,
  placeholder = 'Código de barras, código ou nome (F2) — 3*refri lança 3',
  autoFocus = true,
  marcas,
  balanca,
}: BuscaProdutoProps) {
  const { token } = theme.useToken();
  const [busca, setBusca] = useState('');
  const campo = useRef<InputRef>(null);
  const buscaRef = useRef(busca);
  buscaRef.current = busca;
  // The highlighted result (arrow keys); -1: none, Enter takes the exact barcode or the first one.
  const [ativo, setAtivo] = useState(-1);
  const lista = useRef<HTMLDivElement>(null);
  useImperativeHandle(controle, () => ({
    limpar: () => setBusca(''),
    focar: () => campo.current?.focus(),
    inserir: (texto: string) => {
      buscaRef.current += texto;
      setBusca(buscaRef.current);
      campo.current?.focus();
    },
    texto: () => buscaRef.current,
    eh: (alvo: EventTarget | null) => alvo !== null && alvo === campo.current?.input,
  }));

  const { quantidade, busca: termo } = separarQuantidade(busca);
  const resultados = useMemo(
    () => (indice && termo.trim() ? indice.buscar(termo, limite) : []),
    [termo, indice, limite],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text starts from no highlight
  useEffect(() => setAtivo(-1), [busca]);
  useEffect(() => {
    if (ativo >= 0) lista.current?.children[ativo]?.scrollIntoView?.({ block: 'nearest' });
  }, [ativo]);

  const escolher = (produto: ProdutoFrenteLoja) => {
    setBusca('');
    aoEscolher(produto, quantidade);
  };
  /** A scale label: the product by its PLU (internal code), the quantity from the weight or the price. */
  const lancarEtiqueta = (codigo: string, config: ConfiguracaoCodigoBalanca) => {
    // A refused label leaves the box empty (the message names the code): the scanner's next read lands alone,
    // not appended to the misread one.
    setBusca('');
    const lido = lerCodigoBalanca(codigo, config);
    if (!lido.ok) return notificar({ tipo: 'error', mensagem: lido.mensagem });
    const plu = String(lido.valor.codigoProduto);
    const produto = indice?.produtos.find((p) => String(p.codigoInterno) === plu);
    if (!produto)
      return notificar({ tipo: 'warning', mensagem: `Produto da balança não encontrado: código ${plu}` });
    const qtd = quantidadeCodigoBalanca(lido.valor, produto.preco);
    if (!qtd.ok) return notificar({ tipo: 'error', mensagem: qtd.mensagem });
    aoEscolher(produto, qtd.valor);
  };
  const escolherPrimeiro = () => {
    const bruto = termo.trim();
    const porCodigo = /^\d{8,14}$/.test(bruto) ? indice?.porCodigoBarras(bruto) : undefined;
    // A registered GTIN wins; otherwise a code starting with 2 is the scale's label when the store says so.
    if (!porCodigo && ativo < 0 && balanca && !quantidade && ehCodigoBalanca(bruto, balanca)) {
      lancarEtiqueta(bruto, balanca);
      return;
    }
    const alvo = (ativo >= 0 ? resultados[ativo] : undefined) ?? porCodigo ?? resultados[0];
    if (alvo) escolher(alvo);
    else if (bruto) notificar({ tipo: 'warning', mensagem: `Produto não encontrado: ${bruto}` });
  };

  return (
    <div style={{ position: 'relative' }}>
      <Input
        ref={campo}
        size="large"
        autoFocus={autoFocus}
        allowClear
        disabled={!indice}
        placeholder={placeholder}
        aria-label="Buscar produto"
        value={busca}
        onChange={(e) => setBusca(e.target.value)}
        onPressEnter={escolherPrimeiro}
        onKeyDown={(e) => {
          if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || resultados.length === 0) return;
          e.preventDefault();
          const n = resultados.length;
          setAtivo((a) => (e.key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
        }}
        aria-activedescendant={ativo >= 0 ? `resultado-${resultados[ativo]?._id}` : undefined}
        data-testid="busca-produto"
      />
      {resultados.length > 0 && (
        <div
          ref={lista}
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
            // The shadow hardly shows on the dark theme: a border marks the edge of the list on both.
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
          }}
        >
          {resultados.map((r, k) => (
            <div
              key={r._id}
              id={`resultado-${r._id}`}
              role="option"
              aria-selected={k === ativo}
              tabIndex={-1}
              onClick={() => escolher(r)}
              onKeyDown={() => undefined}
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                padding: '10px 12px',
                cursor: 'pointer',
                background: k === ativo ? token.colorPrimaryBg : undefined,
                borderBottom: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              {/* Plain spans: 30 rows of antd Typography cost a good part of a keystroke. */}
              <span>
                <span style={{ color: token.colorTextSecondary }}>{r.codigoInterno} · </span>
                {r.descricao}
                {marcas?.(r)}
              </span>
              <span style={{ fontWeight: 600 }}>{formatarMoeda(r.preco)}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
});
