// Socket.IO contract of printing (STYLE: event names and payloads declared once, beside the domain types),
// shared by the server (modules/impressao) and the print agent (apps/print-agent).

/** Agent -> server: join the rooms of these terminals. Ack `{ valido, data: { terminais } | { message } }`. */
export const EVENTO_ENTRAR_IMPRESSAO = 'entrarImpressao';
/** Server -> agents of a terminal: new jobs are waiting (claim them with POST /api/impressao/agente/reservar). */
export const EVENTO_IMPRESSAO_NOVA = 'impressaoNova';
/** Server -> store room `empresa:<id>`: a job was printed or failed (its summary). */
export const EVENTO_IMPRESSAO_STATUS = 'impressaoStatus';

/** Room of the agents that print a terminal's jobs. */
export const salaImpressao = (terminalId: string) => `impressao:${terminalId}`;

export interface EntrarImpressao {
  terminais: string[];
}

export interface ImpressaoNova {
  terminal: string;
  /** Ids of the jobs just created (one per copy). */
  impressoes: string[];
}
