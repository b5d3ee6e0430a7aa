// What the server's POST /api/impressao/agente/reservar answers for each job (apps/server impressao.service.ts
// ImpressaoReservada); the agent keeps only what it needs.

export interface Destino {
  impressora: string;
  descricao: string;
  modelo: number | null;
  ip: string | null;
  porta: number | null;
  caminho: string | null;
}

export interface Trabalho {
  _id: string;
  terminal: string;
  descricao: string;
  via: number;
  createdAt: string;
  /** Printer bytes in base64. */
  conteudo: string;
  destino: Destino | null;
}

export interface Envelope<T> {
  valido: boolean;
  data: T;
  loginExpirado?: boolean;
}
