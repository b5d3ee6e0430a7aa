// Background worker of the contingency queue: offline NFC-e (tpEmis 9) rows with pendente_envio are sent
// when SEFAZ answers again. The queue is the nfce table itself, so it survives restarts; a row is leased
// (bloqueio_ate, FOR UPDATE SKIP LOCKED) so several server instances never send one note twice at once;
// a rejected note is stored with its code and leaves the queue, never blocking the others.
// It also settles what a server that stopped mid-issue left behind (issue 15): notes in doubt (sent, answer not
// stored) are queried by key before any resend or contingency; numbers taken without a stored note are voided;
// ended sales of an issuing store without their note get it.

import {
  AUTORIZADA,
  type CertificadoA1,
  type ClienteSefaz,
  cancelarNfce,
  ErroComunicacao,
  ErroXsd,
  fusoDaUf,
  inutilizarNumeracao,
  montarNfeProc,
  NAO_CONSTA,
  transmitirNfce,
} from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { mensagemSegura } from '../../lib/erro-sem-sql.ts';
import { novoId } from '../../lib/ids.ts';
import { inutilizarSeNuncaEnviavel, PREFIXO_INUTILIZACAO_PENDENTE } from './conferencia.ts';
import { type EmissaoNfce, notaDoRegistro } from './emissao.ts';
import type { EmpresaFiscal, ServicoFiscal } from './fiscal.service.ts';

const LEASE_SEGUNDOS = 120;

export interface ResumoRodada {
  autorizadas: number;
  rejeitadas: number;
  adiadas: number;
  /** Replaced online notes settled: cancelled (authorised after all) or number voided. */
  resolvidas: number;
  /** Notes in doubt settled by their key (authorised, resent, or replaced by an offline note). */
  duvidas: number;
  /** Numbers taken by a server that stopped before storing the note, or of a rejected note, voided. */
  inutilizados: number;
  /** Ended sales found without their note and given one. */
  vendasSemNota: number;
}

/** Settles an ended sale's notes (the sale end's own path, one SEFAZ budget); returns its warnings. */
export type GarantirNotas = (grupo: string, vendaId: string) => Promise<string[]>;

export const JUSTIFICATIVA_SUBSTITUIDA = 'NFC-e substituida pela emissao em contingencia off-line';
export const JUSTIFICATIVA_NUMERO_SEM_NOTA =
  'Numero reservado sem NFC-e emitida (falha do servidor durante a emissao)';

export class FilaContingencia {
  private timer: NodeJS.Timeout | undefined;
  private rodando: Promise<ResumoRodada> | undefined;
  private parado = true;

  constructor(
    private readonly fiscal: ServicoFiscal,
    private readonly emissao: EmissaoNfce,
    public intervaloMs: number,
    /** Back-off while SEFAZ is still unreachable: base, 2x base, 4x base... up to 10 min. */
    public atrasoBaseSegundos = 30,
    private readonly garantir: GarantirNotas = async () => [],
  ) {}

  /** Passes completed since start (the first one runs once the holds of a stopped server have expired). */
  rodadas = 0;

  private atrasoSegundos(tentativas: number): number {
    return Math.min(600, this.atrasoBaseSegundos * 2 ** Math.max(0, tentativas - 1));
  }

  /**
   * Starts the worker. The first pass runs at start, as soon as the holds a stopped server may have left
   * (sale locks, notes in doubt, reserved numbers) have expired; then every intervaloMs.
   */
  iniciar(): void {
    this.parado = false;
    void this.esperaInicial()
      .catch(() => 0)
      .then((ms) => this.agendar(ms));
  }

  private async esperaInicial(): Promise<number> {
    const arrendamento = await this.fiscal.arrendamentoMs();
    const l = await consultarUm(
      this.fiscal.db,
      sql`select greatest(
            (select max(ate) from fiscal_emissao_trava),
            (select max(proxima_tentativa) from nfce where aguardando_retorno),
            (select max(reservado_em) + make_interval(secs => ${Math.ceil(arrendamento / 1000)}::int)
               from fiscal_numero_reservado)) as ate`,
    );
    const ate = l?.ate ? new Date(l.ate as string).getTime() : 0;
    return Math.max(0, Math.min(arrendamento, ate - Date.now() + 200));
  }

  private agendar(ms = this.intervaloMs): void {
    if (this.parado) return;
    this.timer = setTimeout(() => {
      void this.processar()
        .then((resumo) => {
          this.rodadas++;
          const algo = Object.values(resumo).some((n) => n > 0);
          if (this.rodadas === 1 || algo)
            this.fiscal.log.info({ resumo, rodada: this.rodadas }, 'fila NFC-e: rodada concluída');
        })
        .catch((erro: unknown) => this.fiscal.log.error({ err: erro }, 'fila de contingência NFC-e'))
        .finally(() => this.agendar());
    }, ms);
    this.timer.unref();
  }

  async parar(): Promise<void> {
    this.parado = true;
    if (this.timer) clearTimeout(this.timer);
    await this.rodando?.catch(() => undefined);
  }

  /** One pass over the due rows (also callable directly). */
  processar(): Promise<ResumoRodada> {
    this.rodando ??= this.rodada().finally(() => {
      this.rodando = undefined;
    });
    return this.rodando;
  }

  private async rodada(): Promise<ResumoRodada> {
    const resumo: ResumoRodada = {
      autorizadas: 0,
      rejeitadas: 0,
      adiadas: 0,
      resolvidas: 0,
      duvidas: 0,
      inutilizados: 0,
      vendasSemNota: 0,
    };
    // Stores whose SEFAZ is still down in this pass: their other notes wait for the next one.
    const fora = new Set<string>();
    for (let i = 0; i < 500 && !this.parado; i++) {
      const l = await consultarUm(
        this.fiscal.db,
        sql`update nfce set bloqueio_ate = now() + make_interval(secs => ${LEASE_SEGUNDOS}), tentativas = tentativas + 1
            where id = (
              select id from nfce
              where (pendente_envio or verificar_envio or aguardando_retorno) and (proxima_tentativa is null or proxima_tentativa <= now())
                and (bloqueio_ate is null or bloqueio_ate < now())
                ${
                  fora.size
                    ? sql`and empresa_id not in (${sql.join(
                        [...fora].map((f) => sql`${f}`),
                        sql`, `,
                      )})`
                    : sql``
                }
              order by dh_emi, numero limit 1 for update skip locked)
            returning *`,
      );
      if (!l) break;
      const id = l.id as string;
      const empresaId = l.empresa_id as string;
      if (l.aguardando_retorno === true) {
        await this.resolverDuvida(l, resumo);
        continue;
      }
      try {
        const e = await this.fiscal.empresaFiscal(l.grupo_empresarial_id as string, empresaId);
        const cert = await this.fiscal.certificado(e);
        const cliente = await this.fiscal.cliente(e, cert);
        if (l.verificar_envio === true) {
          await this.verificarSubstituida(l, e, cert, cliente);
          resumo.resolvidas++;
          continue;
        }
        const r = await transmitirNfce(notaDoRegistro(l), cliente);
        if (r.situacao === 'contingencia') {
          fora.add(empresaId);
          resumo.adiadas++;
          await this.adiar(id, Number(l.tentativas), r.mensagem);
          continue;
        }
        // An offline note is already printed: a 204/539 cannot be renumbered here, it is stored as an error
        // with the package's advice for the operator (see the module README).
        await this.emissao.aplicarResultado(id, r);
        if (r.situacao === 'autorizada') resumo.autorizadas++;
        else resumo.rejeitadas++;
      } catch (erro) {
        if (erro instanceof ErroXsd) {
          // Never sent and never sendable as is: out of the queue, stored as an error for the operator.
          resumo.rejeitadas++;
          await consultar(
            this.fiscal.db,
            sql`update nfce set status_nota = 'erro', pendente_envio = false, bloqueio_ate = null,
                  x_motivo = ${`Falha ao enviar a nota, ${erro.message}`}, updated_at = now() where id = ${id}`,
          );
          continue;
        }
        resumo.adiadas++;
        if (erro instanceof ErroComunicacao) fora.add(empresaId);
        this.fiscal.log.error({ err: erro, nfce: id }, 'falha ao transmitir NFC-e em contingência');
        await this.adiar(id, Number(l.tentativas), `Falha ao enviar a nota, ${mensagemSegura(erro)}`);
      }
    }
    if (!this.parado) await this.inutilizarReservados(resumo);
    if (!this.parado) await this.inutilizarRejeitadas(resumo);
    if (!this.parado) await this.vendasSemNota(resumo);
    return resumo;
  }

  /**
   * A note in doubt whose issuer is gone (its hold expired): the sale's own issue path settles it, querying the
   * key first (consSitNFe): authorised -> stored; unknown (217) -> resent; SEFAZ unreachable -> an offline note
   * replaces it. A sale another server is issuing right now comes back in the next pass.
   */
  private async resolverDuvida(l: Linha, resumo: ResumoRodada): Promise<void> {
    const id = l.id as string;
    const vendaId = l.venda_id as string | null;
    const avisos = vendaId
      ? await this.garantir(l.grupo_empresarial_id as string, vendaId).catch((erro: unknown) => [
          String((erro as Error).message),
        ])
      : ['NFC-e sem venda'];
    const depois = await consultarUm(
      this.fiscal.db,
      sql`select aguardando_retorno from nfce where id = ${id}`,
    );
    if (depois?.aguardando_retorno === true) {
      resumo.adiadas++;
      await this.adiar(id, Number(l.tentativas), avisos.join(' ') || 'Aguardando retorno da SEFAZ');
    } else resumo.duvidas++;
  }

  /** Numbers reserved by a server that died before storing their note: voided, so no gap stays open. */
  /**
   * A note SEFAZ rejected for its content whose automatic inutilização failed (SEFAZ down or slow at that moment):
   * the voiding is tried again on every pass until SEFAZ takes it, so no number stays unused and unvoided.
   */
  private async inutilizarRejeitadas(resumo: ResumoRodada): Promise<void> {
    const pendentes = await consultar(
      this.fiscal.db,
      sql`select * from nfce
          where status_nota = 'erro' and c_stat is not null
            and aviso like ${`${PREFIXO_INUTILIZACAO_PENDENTE}%`}
            and updated_at > now() - interval '30 days'
          order by updated_at limit 50`,
    );
    for (const l of pendentes) {
      if (this.parado) return;
      const depois = await inutilizarSeNuncaEnviavel(this.fiscal, l, Number(l.c_stat));
      if (!String(depois.aviso ?? '').startsWith(PREFIXO_INUTILIZACAO_PENDENTE)) resumo.inutilizados++;
    }
  }

  private async inutilizarReservados(resumo: ResumoRodada): Promise<void> {
    const db = this.fiscal.db;
    const segundos = Math.ceil((await this.fiscal.arrendamentoMs()) / 1000);
    for (let i = 0; i < 200 && !this.parado; i++) {
      // Leased by moving reservado_em forward: another server's worker skips it meanwhile.
      const r = await consultarUm(
        db,
        sql`update fiscal_numero_reservado set reservado_em = now()
            where (empresa_id, serie, numero) = (
              select empresa_id, serie, numero from fiscal_numero_reservado
              where reservado_em < now() - make_interval(secs => ${segundos}::int)
              order by reservado_em limit 1 for update skip locked)
            returning *, extract(year from now())::int as ano`,
      );
      if (!r) return;
      const chaveReserva = sql`empresa_id = ${r.empresa_id as string} and serie = ${Number(r.serie)} and numero = ${Number(r.numero)}`;
      const nota = await consultarUm(db, sql`select id from nfce where ${chaveReserva}`);
      if (nota) {
        await consultar(db, sql`delete from fiscal_numero_reservado where ${chaveReserva}`);
        continue;
      }
      try {
        const e = await this.fiscal.empresaFiscal(r.grupo_empresarial_id as string, r.empresa_id as string);
        if (!e.cnpj || !e.uf) continue;
        const cert = await this.fiscal.certificado(e);
        const cliente = await this.fiscal.cliente(e, cert);
        const x = await inutilizarNumeracao(
          cliente,
          {
            uf: e.uf,
            tpAmb: e.tpAmb,
            ano: Number(r.ano),
            cnpj: e.cnpj,
            modelo: 65,
            serie: Number(r.serie),
            nNFIni: Number(r.numero),
            nNFFin: Number(r.numero),
            xJust: JUSTIFICATIVA_NUMERO_SEM_NOTA,
            agora: this.fiscal.tempo.agora(),
          },
          cert,
          { prazo: Date.now() + (await this.fiscal.orcamentoSefazMs()) },
        );
        await consultar(
          db,
          sql`insert into fiscal_evento (id, grupo_empresarial_id, empresa_id, nfce_id, tipo, sucesso, c_stat, x_motivo, protocolo, dados, xml)
              values (${novoId()}, ${r.grupo_empresarial_id as string}, ${e.id}, null, 'inutilizacao',
                ${x.situacao === 'inutilizada'}, ${x.cStat}, ${x.xMotivo}, ${x.situacao === 'inutilizada' ? x.nProt : null},
                ${JSON.stringify({ serie: Number(r.serie), numeroInicial: Number(r.numero), numeroFinal: Number(r.numero), venda: r.venda_id ?? null, automatico: true })}::jsonb,
                ${x.situacao === 'inutilizada' ? x.xmlProc : null})`,
        );
        // A refusal is on file as the event (the operator sees it); the reservation leaves either way.
        await consultar(db, sql`delete from fiscal_numero_reservado where ${chaveReserva}`);
        resumo.inutilizados++;
      } catch (erro) {
        // SEFAZ unreachable: the reservation stays and is tried again after its lease.
        this.fiscal.log.warn({ err: erro, numero: r.numero }, 'inutilização de número sem nota');
      }
    }
  }

  /**
   * Ended sales of an issuing store (since emitirNfce was switched on, last 7 days) with no note for the sale
   * (or for a seat paid apart): a server stopped or lost its database between the sale's commit and its note.
   */
  private async vendasSemNota(resumo: ResumoRodada): Promise<void> {
    const vendas = await consultar(
      this.fiscal.db,
      sql`select v.id, v.grupo_empresarial_id from venda v
          join fiscal_empresa f on f.empresa_id = v.empresa_id and f.grupo_empresarial_id = v.grupo_empresarial_id
          where f.emitir_nfce and v.status = 59 and v.data >= now() - interval '7 days'
            and v.encerrada_em >= coalesce(f.emitir_nfce_desde, now())
            and v.encerrada_em < now() - interval '3 seconds'
            -- A sale someone is working on (e.g. the CPF corrected, then enviaNFCE) is left to them for now.
            and v.updated_at < now() - interval '3 seconds'
            and not exists (select 1 from fiscal_emissao_trava t where t.venda_id = v.id and t.ate > now())
            and (not exists (select 1 from nfce n where n.grupo_empresarial_id = v.grupo_empresarial_id and n.venda_id = v.id)
                 or (v.tipo_venda = 54 and exists (
                   select 1 from venda_pagamento p where p.venda_id = v.id and p.lixo = false and p.posicao is not null
                     and not exists (select 1 from nfce n where n.grupo_empresarial_id = v.grupo_empresarial_id
                                       and n.venda_id = v.id and n.posicao = p.posicao))))
          order by v.encerrada_em limit 200`,
    );
    for (const v of vendas) {
      if (this.parado) return;
      const avisos = await this.garantir(v.grupo_empresarial_id as string, v.id as string).catch(
        (erro: unknown) => [String((erro as Error).message)],
      );
      if (avisos.length > 0) this.fiscal.log.warn({ venda: v.id, avisos }, 'venda sem NFC-e');
      else resumo.vendasSemNota++;
    }
  }

  /**
   * An online note replaced by an offline one: authorised after all -> cancelled (110111); unknown to SEFAZ
   * (217) -> its number is voided (inutilização). Communication errors throw and the row is retried.
   */
  private async verificarSubstituida(l: Linha, e: EmpresaFiscal, cert: CertificadoA1, cliente: ClienteSefaz) {
    const id = l.id as string;
    const chave = l.chave as string;
    const db = this.fiscal.db;
    const tpAmb = Number(l.tp_amb) === 1 ? 1 : 2;
    const evento = async (
      tipo: string,
      sucesso: boolean,
      cStat: number,
      xMotivo: string,
      protocolo: string | null,
      xml: string | null,
    ) =>
      consultar(
        db,
        sql`insert into fiscal_evento (id, grupo_empresarial_id, empresa_id, nfce_id, tipo, sucesso, c_stat, x_motivo, protocolo, dados, xml)
            values (${novoId()}, ${l.grupo_empresarial_id as string}, ${e.id}, ${id}, ${tipo}, ${sucesso}, ${cStat}, ${xMotivo},
              ${protocolo}, ${JSON.stringify({ chave, numero: l.numero, automatico: true })}::jsonb, ${xml})`,
      );
    const c = await cliente.consultarProtocolo(chave);
    const prot = c.protocolo;
    if (prot?.cStat === AUTORIZADA && prot.nProt) {
      const r = await cancelarNfce(
        cliente,
        {
          chave,
          nProt: prot.nProt,
          xJust: JUSTIFICATIVA_SUBSTITUIDA,
          tpAmb,
          dhEvento: this.fiscal.tempo.agora(),
          fuso: fusoDaUf(e.uf, e.codigoMunicipio),
        },
        cert,
      );
      await evento(
        'cancelamento',
        r.situacao === 'cancelada',
        r.cStat,
        r.xMotivo,
        r.situacao === 'cancelada' ? r.nProt : null,
        r.situacao === 'cancelada' ? r.xmlProcEvento : null,
      );
      const cancelamento =
        r.situacao === 'cancelada'
          ? {
              protocolo: r.nProt,
              dataHora: r.dhRegEvento,
              motivo: JUSTIFICATIVA_SUBSTITUIDA,
              cStat: r.cStat,
              xMotivo: r.xMotivo,
              xml: r.xmlProcEvento,
            }
          : null;
      await consultar(
        db,
        sql`update nfce set status_nota = 'processado', c_stat = ${prot.cStat}, protocolo_recebimento = ${prot.nProt},
              data_recebimento = ${prot.dhRecbto ?? null}, xml_proc = ${montarNfeProc(l.xml as string, prot.xml)},
              cancelado = ${cancelamento !== null}, cancelamento = ${cancelamento ? JSON.stringify(cancelamento) : null}::jsonb,
              aviso = ${r.situacao === 'cancelada' ? null : r.mensagem}, verificar_envio = false, bloqueio_ate = null,
              updated_at = now()
            where id = ${id}`,
      );
      return;
    }
    if (c.cStat === NAO_CONSTA && e.cnpj && e.uf) {
      const ano = Number(String((l.dados_nfe as { dhEmi: string }).dhEmi).slice(0, 4));
      const r = await inutilizarNumeracao(
        cliente,
        {
          uf: e.uf,
          tpAmb,
          ano,
          cnpj: e.cnpj,
          modelo: 65,
          serie: Number(l.serie),
          nNFIni: Number(l.numero),
          nNFFin: Number(l.numero),
          xJust: JUSTIFICATIVA_SUBSTITUIDA,
          agora: this.fiscal.tempo.agora(),
        },
        cert,
      );
      await evento(
        'inutilizacao',
        r.situacao === 'inutilizada',
        r.cStat,
        r.xMotivo,
        r.situacao === 'inutilizada' ? r.nProt : null,
        r.situacao === 'inutilizada' ? r.xmlProc : null,
      );
      await consultar(
        db,
        sql`update nfce set verificar_envio = false, bloqueio_ate = null, c_stat = ${r.cStat}, aviso = ${r.situacao === 'inutilizada' ? `Número ${String(l.numero)} inutilizado (protocolo ${r.nProt}).` : r.mensagem}, updated_at = now()
            where id = ${id}`,
      );
      return;
    }
    // Anything else (denied, already cancelled...) is left to the operator with SEFAZ's answer.
    await consultar(
      db,
      sql`update nfce set verificar_envio = false, bloqueio_ate = null, aviso = ${`${c.cStat} - ${c.xMotivo}`}, updated_at = now()
          where id = ${id}`,
    );
  }

  private async adiar(id: string, tentativas: number, motivo: string): Promise<void> {
    await consultar(
      this.fiscal.db,
      sql`update nfce set bloqueio_ate = null, aviso = ${motivo},
            proxima_tentativa = now() + make_interval(secs => ${this.atrasoSegundos(tentativas)}), updated_at = now()
          where id = ${id}`,
    );
  }
}
