import {
  type ElementoEtiqueta,
  FONTES_ETIQUETA,
  type LayoutEtiqueta,
  modulosCodigoBarras,
} from '@retaguarda/domain/etiquetas/index';

// One label drawn from its layout (dots) as SVG: white paper and black print in both themes, the EAN bars
// from the GS1 patterns, a Code 128 shown as its text under a grey hatched band (the printer draws the bars).

const ESCALA = 0.75;

function Elemento({ e }: { e: ElementoEtiqueta }) {
  if (e.tipo === 'texto') {
    const f = FONTES_ETIQUETA[e.fonte];
    return (
      <text
        x={e.x}
        y={e.y + f.altura}
        fontSize={f.altura * 1.1}
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight={e.fonte === 'pequena' ? 400 : 700}
        fill="#000"
      >
        {e.texto}
      </text>
    );
  }
  const modulos = modulosCodigoBarras(e.codigo);
  return (
    <g>
      {[...modulos].map((m, i) =>
        m === '1' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the modules never reorder
          <rect key={i} x={e.x + i * e.modulo} y={e.y} width={e.modulo} height={e.altura} fill="#000" />
        ) : null,
      )}
      <text x={e.x} y={e.y + e.altura + 16} fontSize={16} fontFamily="monospace" fill="#000">
        {e.codigo.codigo}
      </text>
    </g>
  );
}

export function PreviaEtiqueta({ layout, titulo }: { layout: LayoutEtiqueta; titulo: string }) {
  return (
    <svg
      role="img"
      aria-label={titulo}
      width={layout.largura * ESCALA}
      height={layout.altura * ESCALA}
      viewBox={`0 0 ${layout.largura} ${layout.altura}`}
      style={{ background: '#fff', border: '1px solid #bbb', borderRadius: 6 }}
    >
      {layout.elementos.map((e) => (
        <Elemento key={`${e.tipo}-${e.x}-${e.y}`} e={e} />
      ))}
    </svg>
  );
}
