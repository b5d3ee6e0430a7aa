// IBGE state codes (cUF), the same 27 codes as TCodUfIBGE in tiposBasico_v4.00.xsd.
export const CODIGOS_UF = {
  RO: 11,
  AC: 12,
  AM: 13,
  RR: 14,
  PA: 15,
  AP: 16,
  TO: 17,
  MA: 21,
  PI: 22,
  CE: 23,
  RN: 24,
  PB: 25,
  PE: 26,
  AL: 27,
  SE: 28,
  BA: 29,
  MG: 31,
  ES: 32,
  RJ: 33,
  SP: 35,
  PR: 41,
  SC: 42,
  RS: 43,
  MS: 50,
  MT: 51,
  GO: 52,
  DF: 53,
} as const;

export type Uf = keyof typeof CODIGOS_UF;
export type CodigoUf = (typeof CODIGOS_UF)[Uf];

const SIGLAS = new Map<number, Uf>(Object.entries(CODIGOS_UF).map(([uf, c]) => [c, uf as Uf]));

export function codigoUf(uf: Uf): CodigoUf {
  const c = CODIGOS_UF[uf];
  if (c === undefined) throw new Error(`UF inválida: ${String(uf)}`);
  return c;
}

export function ufDoCodigo(codigo: number): Uf {
  const uf = SIGLAS.get(codigo);
  if (!uf) throw new Error(`Código de UF inválido: ${codigo}`);
  return uf;
}

export const ehUf = (valor: string): valor is Uf => Object.hasOwn(CODIGOS_UF, valor);
