import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the Google Geocoding and Distance Matrix APIs, which cannot be reached from the test
// and demo machines. Same paths, parameters and JSON as the real service:
//   GET /maps/api/geocode/json?address=...&key=...        -> { status, results: [{ formatted_address,
//        geometry: { location: { lat, lng }, location_type }, partial_match? }], error_message? }
//   GET /maps/api/distancematrix/json?origins=lat,lng&destinations=lat,lng&key=...
//                                                          -> { status, rows: [{ elements: [{ status,
//        distance: { text, value }, duration: { text, value } }] }] }
// Its gazetteer is a handful of streets of Curitiba (the demo stores' city) and one of São Paulo, each a
// straight segment with its number range, so every precision the acceptance rules judge can be produced:
//   street + number in range        -> RANGE_INTERPOLATED (ROOFTOP for the registered buildings)
//   street without number           -> GEOMETRIC_CENTER (street centre)
//   street + number out of range    -> GEOMETRIC_CENTER with partial_match
//   unknown street in a known city  -> APPROXIMATE (city centre) with partial_match
//   nothing known                   -> ZERO_RESULTS
// A missing key answers REQUEST_DENIED, as Google does. Road distance = straight line x 1.3.

interface Rua {
  nome: string;
  bairro: string;
  cidade: string;
  uf: string;
  cep: string;
  /** Number range and the two ends of the segment (first number at `de`). */
  numeros: [number, number];
  de: [number, number];
  ate: [number, number];
  /** Buildings known exactly (ROOFTOP). */
  predios?: Record<number, [number, number]>;
  /** Other names people type for it. */
  apelidos?: string[];
}

export const RUAS_DEMO: readonly Rua[] = [
  {
    nome: 'Rua XV de Novembro',
    bairro: 'Centro',
    cidade: 'Curitiba',
    uf: 'PR',
    cep: '80020-000',
    numeros: [1, 2000],
    de: [-25.4319, -49.278],
    ate: [-25.4262, -49.259],
    predios: { 100: [-25.4296, -49.2713] },
  },
  {
    nome: 'Rua Marechal Deodoro',
    bairro: 'Centro',
    cidade: 'Curitiba',
    uf: 'PR',
    cep: '80060-000',
    numeros: [1, 1500],
    de: [-25.4335, -49.274],
    ate: [-25.43, -49.26],
    predios: { 500: [-25.4312, -49.2689] },
  },
  {
    nome: 'Rua das Flores',
    bairro: 'Centro',
    cidade: 'Curitiba',
    uf: 'PR',
    cep: '80410-000',
    numeros: [1, 600],
    de: [-25.4318, -49.273],
    ate: [-25.43, -49.269],
  },
  {
    nome: 'Avenida Sete de Setembro',
    bairro: 'Rebouças',
    cidade: 'Curitiba',
    uf: 'PR',
    cep: '80250-104',
    numeros: [1, 6000],
    de: [-25.437, -49.262],
    ate: [-25.444, -49.295],
    predios: { 2775: [-25.4398, -49.2776] },
  },
  {
    nome: 'Avenida do Batel',
    bairro: 'Batel',
    cidade: 'Curitiba',
    uf: 'PR',
    cep: '80420-090',
    numeros: [1, 2000],
    de: [-25.441, -49.285],
    ate: [-25.444, -49.296],
    apelidos: ['Avenida Batel', 'Av. do Batel', 'Av. Batel'],
  },
  {
    nome: 'Rua Professor Pedro Viriato Parigot de Souza',
    bairro: 'Mossunguê',
    cidade: 'Curitiba',
    uf: 'PR',
    cep: '81200-000',
    numeros: [1, 5000],
    de: [-25.442, -49.33],
    ate: [-25.452, -49.35],
  },
  {
    nome: 'Avenida Paulista',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
    cep: '01310-100',
    numeros: [1, 2500],
    de: [-23.57, -46.645],
    ate: [-23.556, -46.662],
  },
];

const CIDADES: Record<string, { nome: string; uf: string; centro: [number, number] }> = {
  curitiba: { nome: 'Curitiba', uf: 'PR', centro: [-25.4284, -49.2733] },
  'sao paulo': { nome: 'São Paulo', uf: 'SP', centro: [-23.5505, -46.6333] },
};

const normalizar = (t: string) =>
  t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

const arred = (n: number) => Math.round(n * 1e7) / 1e7;

function distanciaMetros(a: [number, number], b: [number, number]): number {
  const rad = (g: number) => (g * Math.PI) / 180;
  const dLat = rad(b[0] - a[0]);
  const dLng = rad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

type Resultado = {
  formatted_address: string;
  geometry: { location: { lat: number; lng: number }; location_type: string };
  partial_match?: boolean;
  types: string[];
};

/** The simulator's answer to one address text (exported for its own unit test). */
export function geocodificarDemo(endereco: string): { status: string; results: Resultado[] } {
  const texto = normalizar(endereco);
  let rua: Rua | undefined;
  let nome = '';
  for (const r of RUAS_DEMO) {
    const achado = [r.nome, ...(r.apelidos ?? [])].map(normalizar).find((n) => texto.includes(n));
    if (achado) {
      rua = r;
      nome = achado;
      break;
    }
  }
  if (rua) {
    const r = rua;
    const depois = texto.slice(texto.indexOf(nome) + nome.length);
    const m = /^\s*,?\s*(\d{1,6})\b/.exec(depois);
    const numero = m ? Number(m[1]) : null;
    const endereco = (n: number | null) =>
      `${r.nome}${n ? `, ${n}` : ''} - ${r.bairro}, ${r.cidade} - ${r.uf}, ${r.cep}, Brasil`;
    const ponto = (t: number): [number, number] => [
      r.de[0] + (r.ate[0] - r.de[0]) * t,
      r.de[1] + (r.ate[1] - r.de[1]) * t,
    ];
    const resultado = (p: [number, number], tipo: string, n: number | null, parcial: boolean): Resultado => ({
      formatted_address: endereco(n),
      geometry: { location: { lat: arred(p[0]), lng: arred(p[1]) }, location_type: tipo },
      ...(parcial ? { partial_match: true } : {}),
      types: [n ? 'street_address' : 'route'],
    });
    if (numero === null)
      return { status: 'OK', results: [resultado(ponto(0.5), 'GEOMETRIC_CENTER', null, false)] };
    const predio = r.predios?.[numero];
    if (predio) return { status: 'OK', results: [resultado(predio, 'ROOFTOP', numero, false)] };
    const [min, max] = r.numeros;
    if (numero < min || numero > max)
      return { status: 'OK', results: [resultado(ponto(0.5), 'GEOMETRIC_CENTER', null, true)] };
    const t = (numero - min) / (max - min);
    return { status: 'OK', results: [resultado(ponto(t), 'RANGE_INTERPOLATED', numero, false)] };
  }
  const cidade = Object.entries(CIDADES).find(([chave]) => texto.includes(chave))?.[1];
  if (cidade) {
    return {
      status: 'OK',
      results: [
        {
          formatted_address: `${cidade.nome} - ${cidade.uf}, Brasil`,
          geometry: {
            location: { lat: cidade.centro[0], lng: cidade.centro[1] },
            location_type: 'APPROXIMATE',
          },
          partial_match: true,
          types: ['locality', 'political'],
        },
      ],
    };
  }
  return { status: 'ZERO_RESULTS', results: [] };
}

export async function iniciarSimuladorMapas(opcoes: { porta?: number; atrasoMs?: number } = {}) {
  let fora = false;
  let pedidos = 0;
  const servidor = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulador');
    const responder = (status: number, corpo: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(corpo));
    };
    if (fora) {
      req.socket.destroy();
      return;
    }
    pedidos++;
    setTimeout(() => {
      const chave = url.searchParams.get('key') ?? '';
      const negado = {
        status: 'REQUEST_DENIED',
        error_message: chave ? 'The provided API key is invalid.' : 'You must use an API key.',
      };
      if (url.pathname === '/maps/api/geocode/json') {
        if (!chave || chave === 'chave-invalida') return responder(200, { ...negado, results: [] });
        const endereco = url.searchParams.get('address') ?? '';
        if (!endereco.trim()) return responder(200, { status: 'INVALID_REQUEST', results: [] });
        return responder(200, geocodificarDemo(endereco));
      }
      if (url.pathname === '/maps/api/distancematrix/json') {
        if (!chave || chave === 'chave-invalida') return responder(200, { ...negado, rows: [] });
        const ponto = (v: string | null): [number, number] | null => {
          const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(v ?? '');
          return m ? [Number(m[1]), Number(m[2])] : null;
        };
        const a = ponto(url.searchParams.get('origins'));
        const b = ponto(url.searchParams.get('destinations'));
        if (!a || !b) return responder(200, { status: 'INVALID_REQUEST', rows: [] });
        const metros = Math.round(distanciaMetros(a, b) * 1.3);
        const segundos = Math.round(metros / 8.3);
        return responder(200, {
          status: 'OK',
          origin_addresses: [`${a[0]},${a[1]}`],
          destination_addresses: [`${b[0]},${b[1]}`],
          rows: [
            {
              elements: [
                {
                  status: 'OK',
                  distance: { text: `${(metros / 1000).toFixed(1).replace('.', ',')} km`, value: metros },
                  duration: { text: `${Math.max(1, Math.round(segundos / 60))} min`, value: segundos },
                },
              ],
            },
          ],
        });
      }
      responder(404, { status: 'NOT_FOUND' });
    }, opcoes.atrasoMs ?? 0);
  });
  await new Promise<void>((resolve) => servidor.listen(opcoes.porta ?? 0, '127.0.0.1', resolve));
  const { port } = servidor.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/maps/api`,
    /** A key the simulator accepts (any non-empty key but 'chave-invalida'). */
    chave: 'chave-simulador',
    /** Requests answered so far (the server's cache is tested with it). */
    pedidos: () => pedidos,
    /** Makes the service drop every connection (a network cut). */
    derrubar(valor: boolean) {
      fora = valor;
    },
    fechar: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
}
