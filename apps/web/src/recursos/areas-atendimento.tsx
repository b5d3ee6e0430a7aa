import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Input, InputNumber, Segmented, Table, Typography, theme } from 'antd';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import type { PropsCampo } from '../features/recursos/campo-formulario.tsx';

// Service areas of a company (spec 3 `areasAtendimento`, spec 9: polygon, circle, rectangle) drawn on a
// canvas in latitude/longitude around the company location. No map tiles: the grid is in degrees and the
// company is the cross at the centre. The stored shapes follow `areaAtendimentoSchema` of the domain.

interface Ponto {
  lat: number;
  lng: number;
}
export type Area =
  | { tipo: 'poligono'; descricao: string; pontos: Ponto[] }
  | { tipo: 'circulo'; descricao: string; centro: Ponto; raioMetros: number }
  | { tipo: 'retangulo'; descricao: string; norte: number; sul: number; leste: number; oeste: number };

type Ferramenta = Area['tipo'];
const ROTULOS: Record<Ferramenta, string> = {
  poligono: 'Polígono',
  circulo: 'Círculo',
  retangulo: 'Retângulo',
};
const LARGURA = 680;
const ALTURA = 340;
/** Half of the visible span, in degrees of latitude (about 5.5 km). */
const MEIO_SPAN = 0.05;
const RAIO_TERRA = 6_371_000;

/** Great-circle distance in metres (haversine). */
export function distanciaMetros(a: Ponto, b: Ponto): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * RAIO_TERRA * Math.asin(Math.sqrt(h));
}

function centroDe(raiz: Record<string, unknown> | undefined): Ponto {
  const candidatos = [
    raiz?.localizacao,
    (raiz?.endereco as Record<string, unknown> | undefined)?.localizacao,
  ];
  for (const c of candidatos) {
    const lat = Number((c as Ponto | undefined)?.lat);
    const lng = Number((c as Ponto | undefined)?.lng);
    if (Number.isFinite(lat) && Number.isFinite(lng) && (lat !== 0 || lng !== 0)) return { lat, lng };
  }
  // Curitiba (spec 9 default state PR) when the company has no location yet.
  return { lat: -25.4296, lng: -49.2713 };
}

const arred = (n: number) => Math.round(n * 1e6) / 1e6;

export function AreasAtendimento({ valor, onChange, raiz, somenteLeitura }: PropsCampo) {
  const { token } = theme.useToken();
  const areas = Array.isArray(valor) ? (valor as Area[]) : [];
  const centro = centroDe(raiz);
  const escalaLng = Math.cos((centro.lat * Math.PI) / 180);
  const spanLat = MEIO_SPAN;
  const spanLng = (MEIO_SPAN * (LARGURA / ALTURA)) / escalaLng;
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ferramenta, setFerramenta] = useState<Ferramenta>('poligono');
  const [rascunho, setRascunho] = useState<Ponto[]>([]);

  const paraTela = (p: Ponto) => ({
    x: ((p.lng - (centro.lng - spanLng)) / (2 * spanLng)) * LARGURA,
    y: ((centro.lat + spanLat - p.lat) / (2 * spanLat)) * ALTURA,
  });
  const paraGeo = (x: number, y: number): Ponto => ({
    lat: arred(centro.lat + spanLat - (y / ALTURA) * 2 * spanLat),
    lng: arred(centro.lng - spanLng + (x / LARGURA) * 2 * spanLng),
  });

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, LARGURA, ALTURA);
    ctx.fillStyle = token.colorBgContainer;
    ctx.fillRect(0, 0, LARGURA, ALTURA);
    ctx.strokeStyle = token.colorBorderSecondary;
    ctx.lineWidth = 1;
    for (let i = 1; i < 10; i++) {
      ctx.beginPath();
      ctx.moveTo((LARGURA / 10) * i, 0);
      ctx.lineTo((LARGURA / 10) * i, ALTURA);
      ctx.moveTo(0, (ALTURA / 10) * i);
      ctx.lineTo(LARGURA, (ALTURA / 10) * i);
      ctx.stroke();
    }
    const c = paraTela(centro);
    ctx.strokeStyle = token.colorError;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(c.x - 8, c.y);
    ctx.lineTo(c.x + 8, c.y);
    ctx.moveTo(c.x, c.y - 8);
    ctx.lineTo(c.x, c.y + 8);
    ctx.stroke();
    ctx.strokeStyle = token.colorPrimary;
    ctx.fillStyle = `${token.colorPrimary}33`;
    for (const a of areas) {
      ctx.beginPath();
      if (a.tipo === 'poligono') {
        a.pontos.forEach((p, i) => {
          const t = paraTela(p);
          if (i === 0) ctx.moveTo(t.x, t.y);
          else ctx.lineTo(t.x, t.y);
        });
        ctx.closePath();
      } else if (a.tipo === 'circulo') {
        const t = paraTela(a.centro);
        const borda = paraTela({ lat: a.centro.lat + a.raioMetros / 111_320, lng: a.centro.lng });
        ctx.arc(t.x, t.y, Math.abs(t.y - borda.y), 0, 2 * Math.PI);
      } else {
        const no = paraTela({ lat: a.norte, lng: a.oeste });
        const se = paraTela({ lat: a.sul, lng: a.leste });
        ctx.rect(no.x, no.y, se.x - no.x, se.y - no.y);
      }
      ctx.fill();
      ctx.stroke();
    }
    ctx.strokeStyle = token.colorWarning;
    ctx.fillStyle = token.colorWarning;
    ctx.beginPath();
    rascunho.forEach((p, i) => {
      const t = paraTela(p);
      if (i === 0) ctx.moveTo(t.x, t.y);
      else ctx.lineTo(t.x, t.y);
    });
    ctx.stroke();
    for (const p of rascunho) {
      const t = paraTela(p);
      ctx.fillRect(t.x - 3, t.y - 3, 6, 6);
    }
  });

  const adicionar = (a: Area) => {
    onChange([...areas, a]);
    setRascunho([]);
  };

  function clicar(e: PointerEvent<HTMLCanvasElement>) {
    if (somenteLeitura) return;
    const r = e.currentTarget.getBoundingClientRect();
    const p = paraGeo(((e.clientX - r.left) / r.width) * LARGURA, ((e.clientY - r.top) / r.height) * ALTURA);
    const pontos = [...rascunho, p];
    const descricao = `${ROTULOS[ferramenta]} ${areas.length + 1}`;
    const [a, b] = pontos;
    if (ferramenta === 'circulo' && a && b) {
      adicionar({ tipo: 'circulo', descricao, centro: a, raioMetros: Math.round(distanciaMetros(a, b)) });
    } else if (ferramenta === 'retangulo' && a && b) {
      adicionar({
        tipo: 'retangulo',
        descricao,
        norte: Math.max(a.lat, b.lat),
        sul: Math.min(a.lat, b.lat),
        leste: Math.max(a.lng, b.lng),
        oeste: Math.min(a.lng, b.lng),
      });
    } else setRascunho(pontos);
  }

  const resumo = (a: Area) =>
    a.tipo === 'poligono'
      ? `${a.pontos.length} pontos: ${a.pontos.map((p) => `${p.lat}, ${p.lng}`).join(' · ')}`
      : a.tipo === 'circulo'
        ? `centro ${a.centro.lat}, ${a.centro.lng} · raio ${a.raioMetros} m`
        : `N ${a.norte} · S ${a.sul} · L ${a.leste} · O ${a.oeste}`;

  return (
    <Flex vertical gap={8} data-testid="areas-atendimento">
      {!somenteLeitura && (
        <Flex gap={8} align="center" wrap>
          <Segmented<Ferramenta>
            value={ferramenta}
            onChange={(f) => {
              setFerramenta(f);
              setRascunho([]);
            }}
            options={(Object.keys(ROTULOS) as Ferramenta[]).map((f) => ({ value: f, label: ROTULOS[f] }))}
          />
          {ferramenta === 'poligono' && (
            <Button
              disabled={rascunho.length < 3}
              onClick={() =>
                adicionar({ tipo: 'poligono', descricao: `Polígono ${areas.length + 1}`, pontos: rascunho })
              }
            >
              Concluir polígono
            </Button>
          )}
          {rascunho.length > 0 && <Button onClick={() => setRascunho([])}>Descartar desenho</Button>}
          <Typography.Text type="secondary">
            {ferramenta === 'poligono'
              ? 'Clique nos vértices e conclua com 3 ou mais pontos.'
              : ferramenta === 'circulo'
                ? 'Clique no centro e depois na borda.'
                : 'Clique em dois cantos opostos.'}
          </Typography.Text>
        </Flex>
      )}
      <canvas
        ref={canvas}
        width={LARGURA}
        height={ALTURA}
        aria-label="Desenho das áreas de atendimento"
        onPointerDown={clicar}
        style={{
          width: '100%',
          maxWidth: LARGURA,
          border: `1px solid ${token.colorBorder}`,
          borderRadius: token.borderRadius,
          cursor: somenteLeitura ? 'default' : 'crosshair',
        }}
      />
      <Typography.Text type="secondary">
        Centro (cruz): {centro.lat}, {centro.lng} · área visível de aproximadamente 11 km de altura. Sem mapa
        de fundo: as coordenadas são geográficas (graus decimais).
      </Typography.Text>
      <Table<Area & { indice: number }>
        size="small"
        pagination={false}
        rowKey="indice"
        dataSource={areas.map((a, indice) => ({ ...a, indice }))}
        locale={{ emptyText: 'Nenhuma área de atendimento desenhada' }}
        columns={[
          {
            title: 'Descrição',
            dataIndex: 'descricao',
            width: 200,
            render: (d: string, a) => (
              <Input
                aria-label={`Descrição da área ${a.indice + 1}`}
                disabled={somenteLeitura}
                value={d}
                onChange={(e) =>
                  onChange(areas.map((x, i) => (i === a.indice ? { ...x, descricao: e.target.value } : x)))
                }
              />
            ),
          },
          { title: 'Tipo', dataIndex: 'tipo', width: 100, render: (t: Ferramenta) => ROTULOS[t] },
          {
            title: 'Coordenadas',
            key: 'coordenadas',
            render: (_: unknown, a) =>
              a.tipo === 'circulo' && !somenteLeitura ? (
                <Flex gap={4} align="center">
                  <Typography.Text>{`centro ${a.centro.lat}, ${a.centro.lng} · raio`}</Typography.Text>
                  <InputNumber
                    aria-label={`Raio da área ${a.indice + 1} em metros`}
                    size="small"
                    min={1}
                    value={a.raioMetros}
                    onChange={(v) =>
                      onChange(
                        areas.map((x, i) => (i === a.indice ? { ...x, raioMetros: Number(v ?? 1) } : x)),
                      )
                    }
                  />
                  m
                </Flex>
              ) : (
                <Typography.Text style={{ fontSize: 12 }}>{resumo(a)}</Typography.Text>
              ),
          },
          {
            title: '',
            key: 'remover',
            width: 48,
            render: (_: unknown, a) =>
              !somenteLeitura && (
                <Button
                  type="text"
                  danger
                  aria-label={`Remover área ${a.indice + 1}`}
                  icon={<DeleteOutlined />}
                  onClick={() => onChange(areas.filter((_, i) => i !== a.indice))}
                />
              ),
          },
        ]}
      />
    </Flex>
  );
}
