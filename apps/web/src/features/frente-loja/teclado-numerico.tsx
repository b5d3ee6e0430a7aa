import { Button } from 'antd';

// The value pad of the payment on touch screens (no keyboard): digits, the decimal comma, backspace, clear.

const TECLAS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', ',', '0', '⌫'] as const;

/** Applies a pad key to the typed value (at most 2 decimals, one comma). */
export function digitarNoValor(atual: string, tecla: string): string {
  if (tecla === '⌫') return atual.slice(0, -1);
  if (tecla === 'C') return '';
  if (tecla === ',') return atual.includes(',') ? atual : `${atual || '0'},`;
  const [, decimais] = atual.split(',');
  if (decimais !== undefined && decimais.length >= 2) return atual;
  return atual === '0' ? tecla : atual + tecla;
}

export function TecladoNumerico({ aoTeclar }: { aoTeclar: (tecla: string) => void }) {
  return (
    <fieldset
      aria-label="Teclado numérico"
      data-testid="teclado-numerico"
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(3, 1fr)',
        gap: 6,
        border: 'none',
        margin: 0,
        padding: 0,
      }}
    >
      {TECLAS.map((t) => (
        <Button
          key={t}
          size="large"
          tabIndex={-1}
          aria-label={t === '⌫' ? 'Apagar' : t}
          style={{ minHeight: 52, fontSize: 20 }}
          onClick={() => aoTeclar(t)}
        >
          {t}
        </Button>
      ))}
      <Button
        size="large"
        tabIndex={-1}
        style={{ gridColumn: 'span 3', minHeight: 44 }}
        onClick={() => aoTeclar('C')}
      >
        Limpar
      </Button>
    </fieldset>
  );
}
