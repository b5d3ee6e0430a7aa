// Background worker of the contingency queue: offline NFC-e (tpEmis 9) rows with pendente_envio are sent
// when SEFAZ answers again. The queue is the nfce table itself, so it survives restarts; a row is leased
// (bloqueio_ate, FOR UPDATE SKIP LOCKED) so several server instances never send one note twice at once;
// a rejected note is stored with its code and leaves the queue, never blocking the others.
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
import { type EmissaoNfce, notaDoRegistro } from './emissao.ts';
import type { EmpresaFiscal, ServicoFiscal } from './fiscal.service.ts';

const LEASE_SEGUNDOS = 120;

export interface ResumoRodada {
  autorizadas: number;
  rejeitadas: number;
  adiadas: number;
  /** Replaced online notes settled: cancelled (authorised after all) or number voided. */
  resolvidas: number;
}

export const JUSTIFICATIVA_SUBSTITUIDA = 'NFC-e substituida pela emissao em contingencia off-line';

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
  ) {}

  private atrasoSegundos(tentativas: number): number {
    return Math.min(600, this.atrasoBaseSegundos * 2 ** Math.max(0, tentativas - 1));
  }

  iniciar(): void {
    this.parado = false;
    this.agendar();
  }

  private agendar(): void {
    if (this.parado) return;
    this.timer = setTimeout(() => {
      void this.processar()
        .catch((erro: unknown) => this.fiscal.log.error({ err: erro }, 'fila de contingência NFC-e'))
        .finally(() => this.agendar());
    }, this.intervaloMs);
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
    const resumo: ResumoRodada = { autorizadas: 0, rejeitadas: 0, adiadas: 0, resolvidas: 0 };
    // Stores whose SEFAZ is still down in this pass: their other notes wait for the next one.
    const fora = new Set<string>();
    for (let i = 0; i < 500 && !this.parado; i++) {
      const l = await consultarUm(
        this.fiscal.db,
        sql`update nfce set bloqueio_ate = now() + make_interval(secs => ${LEASE_SEGUNDOS}), tentativas = tentativas + 1
            where id = (
              select id from nfce
              where (pendente_envio or verificar_envio) and (proxima_tentativa is null or proxima_tentativa <= now())
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
    return resumo;
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
