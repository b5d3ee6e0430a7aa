/** The server clock, injectable so tests can move time (token expiry, promotions, cash periods). */
export interface Tempo {
  agora(): Date;
}
export const tempoReal: Tempo = { agora: () => new Date() };
