import {
  type EntrarImpressao,
  EVENTO_ENTRAR_IMPRESSAO,
  EVENTO_IMPRESSAO_NOVA,
} from '@retaguarda/domain/impressao/eventos';
import { io, type Socket } from 'socket.io-client';
import { Diario, type EstadoDiario } from './diario.ts';
import { descreverDestino, ErroImpressora, enviarParaImpressora } from './impressora.ts';
import type { Envelope, Trabalho } from './tipos.ts';

// The print agent: takes the jobs of its terminals (pushed over Socket.IO, polled as a fallback), prints
// them one at a time through the journal (diario.ts) and tells the server printed or failed. A job is
// never printed twice, even across a crash (see the journal's states).

export interface OpcoesAgente {
  servidor: string;
  token: string;
  terminais: string[];
  diretorio: string;
  agente: string;
  /** Polling interval (fallback of the socket), ms. */
  intervaloMs: number;
  tempoReal: boolean;
  log?: (evento: string, dados?: Record<string, unknown>) => void;
  /** Test hook: stop for good after the Nth time a job reaches this journal state (see the README). */
  pausarApos?: { estado: EstadoDiario; vez: number } | undefined;
}

const MOTIVO_INTERROMPIDO =
  'Agente reiniciado durante o envio à impressora: verifique se imprimiu e reimprima se necessário.';

export class AgenteImpressao {
  private readonly diario: Diario;
  private socket: Socket | undefined;
  private timer: NodeJS.Timeout | undefined;
  private emCiclo: Promise<void> | undefined;
  private repetir = false;
  private parado = false;
  private readonly contagem = new Map<EstadoDiario, number>();

  constructor(private readonly o: OpcoesAgente) {
    this.diario = new Diario(o.diretorio);
  }

  private log(evento: string, dados: Record<string, unknown> = {}): void {
    (this.o.log ?? ((e, d) => console.log(JSON.stringify({ t: new Date().toISOString(), evento: e, ...d }))))(
      evento,
      dados,
    );
  }

  async iniciar(): Promise<void> {
    this.log('iniciado', { agente: this.o.agente, terminais: this.o.terminais, servidor: this.o.servidor });
    if (this.o.tempoReal) this.conectarSocket();
    await this.ciclo();
    this.timer = setInterval(() => void this.ciclo(), this.o.intervaloMs);
  }

  async parar(): Promise<void> {
    this.parado = true;
    if (this.timer) clearInterval(this.timer);
    this.socket?.close();
    await this.emCiclo;
  }

  private conectarSocket(): void {
    const s = io(this.o.servidor, {
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      auth: { token: this.o.token },
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 15_000,
    });
    this.socket = s;
    s.on('connect', () => {
      const entrar: EntrarImpressao = { terminais: this.o.terminais };
      s.emit(EVENTO_ENTRAR_IMPRESSAO, entrar, (r: Envelope<{ message?: string }>) => {
        if (r?.valido) this.log('tempoReal', { conectado: true });
        else this.log('tempoRealRecusado', { message: r?.data?.message });
      });
      // Jobs created while disconnected: look now.
      void this.ciclo();
    });
    s.on('disconnect', (motivo) => this.log('tempoReal', { conectado: false, motivo }));
    s.on('connect_error', (erro) => this.log('tempoRealErro', { message: erro.message }));
    s.on(EVENTO_IMPRESSAO_NOVA, () => void this.ciclo());
  }

  /** One pass: finish what the journal holds, then claim and print until the queue is empty. */
  ciclo(): Promise<void> {
    if (this.parado) return Promise.resolve();
    if (this.emCiclo) {
      this.repetir = true;
      return this.emCiclo;
    }
    this.emCiclo = (async () => {
      try {
        do {
          this.repetir = false;
          await this.retomarDiario();
          for (;;) {
            const trabalhos = await this.reservar();
            if (trabalhos.length === 0 || this.parado) break;
            // One printer at a time keeps its order; different printers print in parallel, so a
            // printer that is off (5 s connection timeout) does not hold the others back.
            const porImpressora = new Map<string, Trabalho[]>();
            for (const t of trabalhos) {
              const chave = descreverDestino(t.destino);
              porImpressora.set(chave, [...(porImpressora.get(chave) ?? []), t]);
            }
            await Promise.all(
              [...porImpressora.values()].map(async (fila) => {
                for (const t of fila) await this.tratarReservado(t);
              }),
            );
          }
        } while (this.repetir && !this.parado);
      } catch (erro) {
        this.log('cicloErro', { message: (erro as Error).message });
      } finally {
        this.emCiclo = undefined;
      }
    })();
    return this.emCiclo;
  }

  private async api<T>(caminho: string, corpo: unknown): Promise<T> {
    const r = await fetch(new URL(caminho, this.o.servidor), {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: this.o.token, version: 'print-agent 1.0.88' },
      body: JSON.stringify(corpo),
      signal: AbortSignal.timeout(15_000),
    });
    if (r.status !== 200)
      throw new Error(`Falha ao obter a resposta do servidor! ${r.status} ${r.statusText}`);
    const env = (await r.json()) as Envelope<T & { message?: string }>;
    if (!env.valido)
      throw new ErroServidor(
        env.data?.message ?? 'Retorno do erro não informado.',
        env.loginExpirado === true,
      );
    return env.data;
  }

  private reservar(): Promise<Trabalho[]> {
    return this.api<Trabalho[]>('/api/impressao/agente/reservar', {
      agente: this.o.agente,
      terminais: this.o.terminais,
      limit: 10,
    });
  }

  private marcar(estado: EstadoDiario, t: Trabalho): void {
    this.diario.gravar(estado, t);
    this.log('diario', { impressao: t._id, estado });
    const vez = (this.contagem.get(estado) ?? 0) + 1;
    this.contagem.set(estado, vez);
    const p = this.o.pausarApos;
    if (p && p.estado === estado && p.vez === vez) {
      this.log('PAUSADO', { impressao: t._id, estado });
      // Stays here until killed: the test hook of a crash at this exact point.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    }
  }

  /** A job the server handed out: the journal decides whether it still needs printing. */
  private async tratarReservado(t: Trabalho): Promise<void> {
    const e = this.diario.ler(t._id);
    if (!e) {
      this.marcar('claimed', t);
      return this.imprimir(t);
    }
    return this.retomar(e.estado, e.trabalho);
  }

  private async retomarDiario(): Promise<void> {
    for (const e of this.diario.pendentes()) {
      if (this.parado) return;
      await this.retomar(e.estado, e.trabalho);
    }
  }

  private async retomar(estado: EstadoDiario, t: Trabalho): Promise<void> {
    switch (estado) {
      case 'claimed':
        return this.imprimir(t);
      case 'sending':
        // Unknown whether the printer got it: never print twice; a person decides.
        return this.falhar(t, MOTIVO_INTERROMPIDO, true);
      case 'sent':
      case 'acked':
        return this.confirmar(t);
    }
  }

  private async imprimir(t: Trabalho): Promise<void> {
    let enviando = false;
    try {
      await enviarParaImpressora(t.destino, Buffer.from(t.conteudo, 'base64'), () => {
        this.marcar('sending', t);
        enviando = true;
      });
    } catch (erro) {
      const e = erro instanceof ErroImpressora ? erro : new ErroImpressora(String(erro), !enviando);
      this.log('falhaImpressora', {
        impressao: t._id,
        destino: descreverDestino(t.destino),
        message: e.message,
      });
      if (e.nadaEnviado || !enviando) {
        // Nothing reached the printer: back to 'claimed' and the server retries it later (backoff).
        if (enviando) this.marcar('claimed', t);
        return this.falhar(t, e.message, false);
      }
      // Something may have reached it: never print again, a person checks.
      return this.falhar(t, `${e.message} (${MOTIVO_INTERROMPIDO})`, true);
    }
    this.marcar('sent', t);
    this.log('impresso', { impressao: t._id, destino: descreverDestino(t.destino), descricao: t.descricao });
    return this.confirmar(t);
  }

  private async confirmar(t: Trabalho): Promise<void> {
    try {
      await this.api(`/api/impressao/agente/${t._id}/impresso`, { agente: this.o.agente });
    } catch (erro) {
      // Server unreachable: the journal keeps 'sent' and the next pass acknowledges again. A refusal (the
      // claim went to another agent) will not change by retrying: keep the tombstone, never print again.
      if (!(erro instanceof ErroServidor) || erro.loginExpirado) throw erro;
      this.log('confirmacaoRecusada', { impressao: t._id, message: erro.message });
    }
    this.marcar('acked', t);
  }

  private async falhar(t: Trabalho, motivo: string, definitivo: boolean): Promise<void> {
    try {
      await this.api(`/api/impressao/agente/${t._id}/falha`, {
        agente: this.o.agente,
        motivo: motivo.slice(0, 500),
        definitivo,
      });
    } catch (erro) {
      // Server unreachable: the journal keeps its state and the next pass reports again.
      if (!(erro instanceof ErroServidor) || erro.loginExpirado) throw erro;
      this.log('falhaRecusada', { impressao: t._id, message: erro.message });
    }
    // The server holds the outcome now (waiting again, or 'Erro' until a person reprints it, which must
    // print): the journal forgets the job.
    this.diario.remover(t._id);
  }
}

export class ErroServidor extends Error {
  constructor(
    message: string,
    readonly loginExpirado: boolean,
  ) {
    super(message);
    this.name = 'ErroServidor';
  }
}
