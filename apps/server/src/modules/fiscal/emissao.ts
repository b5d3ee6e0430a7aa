// Issuing workflow of an NFC-e: number -> build -> sign -> XSD -> transmit -> store, with the reactions of
// spec 2 section 8 (100 stores the protocol; 204/539 renumber once; rejections stored with the catalogue
// text; SEFAZ unreachable -> offline note tpEmis 9 issued at once and queued for the background worker).
import type { Venda } from '@retaguarda/domain';
import {
  AUTORIZADA,
  type CertificadoA1,
  type ClienteSefaz,
  type DadosNfce,
  ErroCertificado,
  ErroComunicacao,
  ErroMontagemNfce,
  ErroXsd,
  formatarDataHora,
  fusoDaUf,
  gerarNfce,
  mensagemContingencia,
  mensagemCStat,
  mensagemDuplicidade,
  montarNfce,
  montarNfeProc,
  type NfceAssinada,
  type ResultadoTransmissao,
  type TotaisNfce,
  transmitirNfce,
  verificarValidade,
} from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import { arrayTexto, consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { justificativaContingencia } from './ambiente-sefaz.ts';
import {
  conferirNotaAntesDoNumero,
  exigirNumeroNaoInutilizado,
  inutilizarSeNuncaEnviavel,
} from './conferencia.ts';
import type { EmpresaFiscal, ServicoFiscal } from './fiscal.service.ts';
import { type ProdutoFiscal, vendaParaNfce } from './venda-para-nfce.ts';

export const MENSAGEM_AUTORIZADA = 'Autorizado o uso da NF-e';
export const AGUARDANDO_RETORNO = 'Aguardando retorno da SEFAZ';
export const mensagemOffline = (motivo: string) =>
  `NFC-e emitida em contingência off-line (tpEmis 9): ${motivo}. Será transmitida automaticamente quando a SEFAZ responder.`;
export const substituida = (motivo: string, n: number) =>
  `Sem retorno da SEFAZ (${motivo}); substituída pela NFC-e off-line nº ${n}.`;
export const MENSAGEM_JA_EMITIDA = 'Já existe NFC-e emitida para esta venda.';
export const MENSAGEM_EM_EMISSAO =
  'A NFC-e desta venda está sendo emitida em outro servidor: a situação aparece na venda assim que a SEFAZ responder.';
/** The sale end's warning while its note's outcome is unknown (the worker settles it by its key). */
export const avisoPendente = (numero: number) =>
  `NFC-e nº ${numero} aguardando retorno da SEFAZ: a situação será confirmada automaticamente pela consulta da ` +
  'chave; não emita outra nota para esta venda.';
export const MENSAGEM_TRAVA_PERDIDA =
  'A emissão desta NFC-e passou a outro servidor (a trava da venda expirou); a situação aparece na venda.';
export const AVISO_RENUMERACAO =
  'Não foi possível obter um novo número para a nota; a nota foi mantida com o número em duplicidade.';

/** API view of an NFC-e record (spec 3.1 fields + what the screens need). */
export interface RegistroNfce {
  _id: string;
  empresa: string;
  venda: string | null;
  posicao: number | null;
  statusNota: 'processado' | 'erro' | 'contingencia';
  qrCode: string | null;
  urlChave: string | null;
  protocoloRecebimento: string | null;
  dataRecebimento: string | null;
  cancelado: boolean;
  cpfCnpj: string | null;
  chave: string;
  numero: number;
  serie: number;
  tpEmis: number;
  tpAmb: number;
  cStat: number | null;
  xMotivo: string | null;
  valor: string;
  dhEmi: string;
  pendenteEnvio: boolean;
  tentativas: number;
  aviso: string | null;
  cancelamento: unknown;
  createdAt: string;
  dadosNfe?: unknown;
  xml?: string;
}

const iso = (v: unknown): string | null => (v ? new Date(v as string).toISOString() : null);

export function registroNfce(l: Linha, completo = false): RegistroNfce {
  const r: RegistroNfce = {
    _id: l.id as string,
    empresa: l.empresa_id as string,
    venda: (l.venda_id as string | null) ?? null,
    posicao: (l.posicao as number | null) ?? null,
    statusNota: l.status_nota as RegistroNfce['statusNota'],
    qrCode: (l.qr_code as string | null) ?? null,
    urlChave: (l.url_chave as string | null) ?? null,
    protocoloRecebimento: (l.protocolo_recebimento as string | null) ?? null,
    dataRecebimento: iso(l.data_recebimento),
    cancelado: l.cancelado === true,
    cpfCnpj: (l.cpf_cnpj as string | null) ?? null,
    chave: l.chave as string,
    numero: Number(l.numero),
    serie: Number(l.serie),
    tpEmis: Number(l.tp_emis),
    tpAmb: Number(l.tp_amb),
    cStat: l.c_stat === null || l.c_stat === undefined ? null : Number(l.c_stat),
    xMotivo: (l.x_motivo as string | null) ?? null,
    valor: String(l.valor),
    dhEmi: iso(l.dh_emi) ?? '',
    pendenteEnvio: l.pendente_envio === true,
    tentativas: Number(l.tentativas ?? 0),
    aviso: (l.aviso as string | null) ?? null,
    cancelamento: l.cancelamento ?? null,
    createdAt: iso(l.created_at) ?? '',
  };
  if (completo) {
    r.dadosNfe = l.dados_nfe;
    r.xml = (l.xml_proc as string | null) ?? (l.xml as string);
  }
  return r;
}

/** What the sale keeps of each of its notes (`venda.nfce`, spec 1): enough for the POS to show and print it. */
export function resumoNfceDaVenda(l: Linha): Record<string, unknown> {
  const n = registroNfce(l);
  return {
    _id: n._id,
    chave: n.chave,
    numero: n.numero,
    serie: n.serie,
    posicao: n.posicao,
    tpEmis: n.tpEmis,
    // 2 homologation: the POS marks it 'sem valor fiscal' (issue 13 point 4).
    tpAmb: n.tpAmb,
    statusNota: n.statusNota,
    cStat: n.cStat,
    xMotivo: n.xMotivo,
    protocoloRecebimento: n.protocoloRecebimento,
    dataRecebimento: n.dataRecebimento,
    qrCode: n.qrCode,
    urlChave: n.urlChave,
    cancelado: n.cancelado,
    cpfCnpj: n.cpfCnpj,
    valor: n.valor,
    dhEmi: n.dhEmi,
    aviso: n.aviso,
  };
}

/** The signed note as the package knows it, rebuilt from its row (transmission, DANFE). */
export function notaDoRegistro(l: Linha): NfceAssinada {
  return {
    chave: l.chave as string,
    xml: l.xml as string,
    qrCode: l.qr_code as string,
    urlChave: l.url_chave as string,
    digestValue: l.digest_value as string,
    tpEmis: Number(l.tp_emis) === 9 ? 9 : 1,
    dhEmi: (l.dados_nfe as DadosNfce).dhEmi as string,
    totais: l.totais as TotaisNfce,
    dados: l.dados_nfe as DadosNfce,
  };
}

/** The offset of a stored note's dhEmi ('-04:00' in Cuiabá), the clock its other times are printed on. */
export function fusoDoRegistro(l: Linha): string {
  const dh = String((l.dados_nfe as DadosNfce | null)?.dhEmi ?? '');
  return /[+-]\d{2}:\d{2}$/.test(dh) ? dh.slice(-6) : fusoDaUf(null);
}

/** The authorisation protocol printed on the DANFE, when the note has one. */
export function protocoloDoRegistro(
  l: Linha,
): { nProt: string; dhRecbto: string; verAplic?: string | undefined } | undefined {
  return l.protocolo_recebimento && l.data_recebimento
    ? {
        nProt: l.protocolo_recebimento as string,
        // The authoriser's application: the DANFE says when it was the local simulator (issue 15 point 3).
        verAplic: /<verAplic>([^<]*)<\/verAplic>/.exec(String(l.xml_proc ?? ''))?.[1],
        // On the store's clock: the offset its dhEmi was written in (decision 0009).
        dhRecbto: formatarDataHora(new Date(l.data_recebimento as string), fusoDoRegistro(l)),
      }
    : undefined;
}

export interface ProtNfeJson {
  chNFe: string;
  nProt: string;
  dhRecbto: string;
  cStat: number;
  xMotivo: string;
  digVal: string;
  xml: string | null;
}

export interface ResultadoEmissao {
  valido: boolean;
  mensagem: string;
  nfce: RegistroNfce;
  protNFe: ProtNfeJson | null;
}

export interface ContextoEmissao {
  grupoEmpresarialId: string;
  empresaId: string;
  usuarioId: string | null;
}

/**
 * The one SEFAZ budget of a sale end (SEFAZ_TIMEOUT_MS): its clock starts at the first SEFAZ call, so building,
 * signing or the demo certificate do not eat it, and every later call (key query, resend, renumbering, the next
 * seat) shares what is left.
 */
export class OrcamentoSefaz {
  private fim: number | undefined;
  constructor(readonly ms: number) {}
  /** Epoch ms by which SEFAZ must have answered. */
  prazo(): number {
    this.fim ??= Date.now() + this.ms;
    return this.fim;
  }
}

export interface OpcoesEmissao {
  posicao?: number | null | undefined;
  vendaId?: string | null;
  /** The sale end's SEFAZ budget; default a fresh SEFAZ_TIMEOUT_MS. */
  orcamento?: OrcamentoSefaz;
  /** Epoch ms until which to wait for another server issuing the same sale; default one budget from now. */
  esperarAte?: number;
}

/** This issuer's hold on one sale/seat (fiscal_emissao_trava). */
interface Trava {
  vendaId: string;
  posicao: number;
  dono: string;
  segundos: number;
}

const dormir = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

const extrairProtNfe = (xmlProc: string): string | null =>
  /<protNFe[\s\S]*<\/protNFe>/.exec(xmlProc)?.[0] ?? null;

/** Socket event `nfceAlterada` to the store: the list screens refresh the row (e.g. queued note authorised). */
export function notificarNfce(fiscal: ServicoFiscal, l: Linha): void {
  const n = registroNfce(l);
  fiscal.notificar(n.empresa, {
    _id: n._id,
    empresa: n.empresa,
    venda: n.venda,
    chave: n.chave,
    numero: n.numero,
    serie: n.serie,
    tpEmis: n.tpEmis,
    statusNota: n.statusNota,
    cStat: n.cStat,
    cancelado: n.cancelado,
  });
}

export class EmissaoNfce {
  /** Issues in progress per sale/seat: a second request waits and then finds the note (never two notes). */
  private readonly emAndamento = new Map<string, Promise<unknown>>();

  constructor(private readonly fiscal: ServicoFiscal) {}

  private get db() {
    return this.fiscal.db;
  }

  /** The CNPJ of the acquirers named by the sale's payments (the NFC-e card group). */
  async operadorasDaVenda(
    grupoEmpresarialId: string,
    venda: Venda,
  ): Promise<Map<string, { cnpj: string | null }>> {
    const ids = [...new Set(venda.pagamentos.flatMap((p) => (p.operadora?._id ? [p.operadora._id] : [])))];
    if (ids.length === 0) return new Map();
    const linhas = await consultar(
      this.db,
      sql`select id, cnpj from operadora where grupo_empresarial_id = ${grupoEmpresarialId}
            and id = any(${arrayTexto(ids)})`,
    );
    return new Map(linhas.map((l) => [String(l.id), { cnpj: (l.cnpj as string | null) ?? null }]));
  }

  /** Products of the sale (and the store's delivery-fee product) with their fiscal fields. */
  async produtosDaVenda(
    grupoEmpresarialId: string,
    venda: Venda,
  ): Promise<{ produtos: Map<string, ProdutoFiscal>; taxaEntrega: ProdutoFiscal | null }> {
    const ids = [...new Set(venda.produtos.map((i) => i.produto._id))];
    const linhas = await consultar(
      this.db,
      sql`select p.id, p.codigo_interno, p.descricao, p.gtin, p.ncm, p.tipo_produto->>'sigla' as tipo,
                 p.configuracao_imposto, p.imposto_federal, u.sigla as unidade
          from produto_geral p left join unidade_medida u on u.id = p.unidade_id
          where p.grupo_empresarial_id = ${grupoEmpresarialId}
            and (p.id in (${
              ids.length
                ? sql.join(
                    ids.map((i) => sql`${i}`),
                    sql`, `,
                  )
                : sql`null`
            })
                 or (p.tipo_produto->>'sigla' = 'Taxa Entrega' and p.lixo = false and p.ativo is not false))
          order by p.codigo_interno`,
    );
    const produtos = new Map<string, ProdutoFiscal>();
    let taxaEntrega: ProdutoFiscal | null = null;
    for (const l of linhas) {
      const p: ProdutoFiscal = {
        _id: l.id as string,
        codigoInterno: (l.codigo_interno as number | null) ?? null,
        descricao: l.descricao as string,
        gtin: (l.gtin as string | null) ?? null,
        ncm: (l.ncm as string | null) ?? null,
        unidade: (l.unidade as string | null) ?? null,
        tipoProduto: (l.tipo as string | null) ?? null,
        configuracaoImposto: l.configuracao_imposto,
        impostoFederal: l.imposto_federal,
      };
      if (ids.includes(p._id)) produtos.set(p._id, p);
      if (p.tipoProduto === 'Taxa Entrega' && !taxaEntrega) taxaEntrega = p;
    }
    return { produtos, taxaEntrega };
  }

  /**
   * Issues the NFC-e of a sale (ended, status 59) or of one seat of it; one at a time per sale and seat, in
   * this process (a chain) and across servers (fiscal_emissao_trava). A note left in doubt by a server that
   * stopped is settled first, by its key, instead of taking another number.
   */
  async emitirVenda(
    ctx: ContextoEmissao,
    venda: Venda,
    opcoes: OpcoesEmissao = {},
  ): Promise<ResultadoEmissao> {
    const chave = `${venda._id}:${opcoes.posicao ?? 0}`;
    const anterior = this.emAndamento.get(chave);
    const atual = (anterior ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.emitirUmaVez(ctx, venda, opcoes));
    this.emAndamento.set(chave, atual);
    try {
      return await atual;
    } finally {
      if (this.emAndamento.get(chave) === atual) this.emAndamento.delete(chave);
    }
  }

  private async emitirUmaVez(
    ctx: ContextoEmissao,
    venda: Venda,
    opcoes: OpcoesEmissao,
  ): Promise<ResultadoEmissao> {
    if (venda.empresa !== ctx.empresaId) throw new ErroNegocio('A venda não pertence à empresa informada.');
    if (venda.status.id !== 59)
      throw new ErroNegocio('A NFC-e só pode ser emitida para uma venda encerrada!');
    const orcamento = opcoes.orcamento ?? new OrcamentoSefaz(await this.fiscal.orcamentoSefazMs());
    // Read again after the certificate: the demo provisioning may have just completed the setup.
    const cert = await this.fiscal.certificado(
      await this.fiscal.empresaFiscal(ctx.grupoEmpresarialId, ctx.empresaId),
    );
    const e = await this.fiscal.empresaFiscal(ctx.grupoEmpresarialId, ctx.empresaId);
    // An expired A1 signs notes SEFAZ refuses (280-296): refuse before taking a number.
    try {
      verificarValidade(cert, this.fiscal.tempo.agora());
    } catch (erro) {
      if (erro instanceof ErroCertificado) throw new ErroNegocio(erro.message);
      throw erro;
    }
    const vendaId = opcoes.vendaId ?? venda._id;
    const posicao = opcoes.posicao ?? null;
    const trava = await this.travar(vendaId, posicao ?? 0, opcoes.esperarAte ?? Date.now() + orcamento.ms);
    try {
      const linhas = await consultar(
        this.db,
        sql`select * from nfce where grupo_empresarial_id = ${ctx.grupoEmpresarialId} and venda_id = ${vendaId}
              and coalesce(posicao, 0) = ${posicao ?? 0} and cancelado = false
              and (status_nota in ('processado', 'contingencia') or aguardando_retorno)
            order by created_at, numero`,
      );
      const duvida = linhas.filter((l) => l.aguardando_retorno === true);
      if (linhas.some((l) => l.aguardando_retorno !== true)) {
        // A note in doubt beside a valid one (a server died between them): it is only a replaced attempt now,
        // which the worker settles by its key (cancelled if SEFAZ authorised it, number voided otherwise).
        for (const l of duvida) await this.marcarSubstituida(l.id as string, null);
        throw new ErroNegocio(MENSAGEM_JA_EMITIDA);
      }
      const { produtos, taxaEntrega } = await this.produtosDaVenda(ctx.grupoEmpresarialId, venda);
      const operadoras = await this.operadorasDaVenda(ctx.grupoEmpresarialId, venda);
      const agora = this.fiscal.tempo.agora();
      // dhEmi/dhCont on the store's legal time (AC -05:00; AM, MT, MS, RO, RR -04:00; decision 0009).
      const fuso = fusoDaUf(e.uf, e.codigoMunicipio);
      const dhEmi = formatarDataHora(agora, fuso);
      const offline = e.contingencia.habilitado;
      const montar = (nNF: number, tpEmis: 1 | 9, xJust?: string) =>
        vendaParaNfce({
          venda,
          empresa: e,
          produtos,
          produtoTaxaEntrega: taxaEntrega,
          operadoras,
          posicao: opcoes.posicao,
          nNF,
          dhEmi,
          tpEmis,
          contingencia:
            tpEmis === 9
              ? {
                  dhCont: e.contingencia.dataHora
                    ? formatarDataHora(new Date(e.contingencia.dataHora), fuso)
                    : dhEmi,
                  xJust:
                    xJust ??
                    e.contingencia.xJust ??
                    justificativaContingencia(
                      e.contingencia.dataHora ? new Date(e.contingencia.dataHora) : agora,
                      fusoDaUf(e.uf, e.codigoMunicipio),
                    ),
                }
              : undefined,
        });
      const base: Base = { ctx, e, cert, vendaId, posicao, montar, orcamento, trava };
      const emDuvida = duvida[0];
      // Consult-first: the note may have been authorised while nobody was there to store the answer.
      if (emDuvida) return await this.enviarRegistrada(base, emDuvida, notaDoRegistro(emDuvida), true, false);
      // Dry run before a number is taken: a refusal (tax configuration, CPF, totals...) spends no number.
      const previa = montar(1, offline ? 9 : 1);
      // Signed and checked against the XSD too: a note SEFAZ would refuse never takes a number (decision 0009).
      await conferirNotaAntesDoNumero(previa, cert);
      try {
        montarNfce(previa);
      } catch (erro) {
        if (erro instanceof ErroMontagemNfce) throw new ErroNegocio(erro.message);
        throw erro;
      }
      await this.renovar(trava);
      const nNF = await this.fiscal.reservarNumero(ctx.grupoEmpresarialId, e.id, e.serie, vendaId);
      if (offline) {
        const nota = gerarNfce(montar(nNF, 9), cert);
        const l = await this.gravar(base, nota, 'contingencia', { pendenteEnvio: true });
        return {
          valido: true,
          mensagem: mensagemOffline('contingência habilitada na empresa'),
          nfce: registroNfce(l),
          protNFe: null,
        };
      }
      return await this.transmitirNova(base, nNF);
    } finally {
      await this.liberar(trava);
    }
  }

  /**
   * Takes the sale/seat for this issue, waiting (polling) while another server holds it, until `esperarAte`.
   * A hold left by a server that died expires after arrendamentoMs.
   */
  private async travar(vendaId: string, posicao: number, esperarAte: number): Promise<Trava> {
    const trava: Trava = {
      vendaId,
      posicao,
      dono: novoId(),
      segundos: Math.ceil((await this.fiscal.arrendamentoMs()) / 1000),
    };
    for (;;) {
      const l = await consultarUm(
        this.db,
        sql`insert into fiscal_emissao_trava (venda_id, posicao, dono, ate)
            values (${vendaId}, ${posicao}, ${trava.dono}, now() + make_interval(secs => ${trava.segundos}::int))
            on conflict (venda_id, posicao) do update set dono = excluded.dono, ate = excluded.ate
              where fiscal_emissao_trava.ate < now()
            returning dono`,
      );
      if (l) return trava;
      if (Date.now() + 200 > esperarAte) throw new ErroNegocio(MENSAGEM_EM_EMISSAO);
      await dormir(200);
    }
  }

  /** Extends the hold before a step another server must not repeat (a number, a send); lost = stop here. */
  private async renovar(t: Trava): Promise<void> {
    const l = await consultarUm(
      this.db,
      sql`update fiscal_emissao_trava set ate = now() + make_interval(secs => ${t.segundos}::int)
          where venda_id = ${t.vendaId} and posicao = ${t.posicao} and dono = ${t.dono} returning dono`,
    );
    if (!l) throw new ErroNegocio(MENSAGEM_TRAVA_PERDIDA);
  }

  private async liberar(t: Trava): Promise<void> {
    await consultar(
      this.db,
      sql`delete from fiscal_emissao_trava where venda_id = ${t.vendaId} and posicao = ${t.posicao} and dono = ${t.dono}`,
    ).catch((erro: unknown) => this.fiscal.log.warn({ err: erro, venda: t.vendaId }, 'trava da NFC-e'));
  }

  /** An online attempt replaced by another note: out of doubt, queued for the worker's key check. */
  private async marcarSubstituida(id: string, motivo: string | null): Promise<void> {
    const l = await consultarUm(
      this.db,
      sql`update nfce set aguardando_retorno = false, verificar_envio = true, proxima_tentativa = null,
            bloqueio_ate = null, x_motivo = coalesce(${motivo}, x_motivo), updated_at = now()
          where id = ${id} returning *`,
    );
    if (l) this.notificar(l);
  }

  /**
   * Stores a note; the same statement deletes its number's reservation and, for an offline note replacing an
   * online attempt, takes that attempt out of doubt (`substitui`), so no crash leaves the two half done.
   */
  private async gravar(
    b: Base,
    nota: NfceAssinada,
    status: RegistroNfce['statusNota'],
    extra: {
      pendenteEnvio?: boolean;
      xMotivo?: string | null;
      aguardandoRetorno?: boolean;
      substitui?: { id: string; motivo: string };
    } = {},
  ): Promise<Linha> {
    const dados = { ...nota.dados, dhEmi: nota.dhEmi, cNF: nota.chave.slice(35, 43) };
    const doc = nota.dados.destinatario?.documento ?? null;
    const id = novoId();
    const duvida = extra.aguardandoRetorno ?? false;
    const sub = extra.substitui;
    const l = await consultarUm(
      this.db,
      sql`with reserva as (
            delete from fiscal_numero_reservado
            where empresa_id = ${b.ctx.empresaId} and serie = ${nota.dados.serie} and numero = ${nota.dados.nNF}),
          substituida as (
            update nfce set aguardando_retorno = false, verificar_envio = true, proxima_tentativa = null,
              bloqueio_ate = null, x_motivo = ${sub?.motivo ?? null}, updated_at = now()
            where id = ${sub?.id ?? null})
          insert into nfce (id, grupo_empresarial_id, empresa_id, venda_id, posicao, dados_nfe, status_nota, qr_code,
            url_chave, cpf_cnpj, xml, chave, numero, serie, tp_emis, tp_amb, c_stat, x_motivo, digest_value, totais,
            valor, dh_emi, pendente_envio, aguardando_retorno, proxima_tentativa, created_by)
          values (${id}, ${b.ctx.grupoEmpresarialId}, ${b.ctx.empresaId}, ${b.vendaId}, ${b.posicao},
            ${JSON.stringify(dados)}::jsonb, ${status}, ${nota.qrCode}, ${nota.urlChave}, ${doc}, ${nota.xml},
            ${nota.chave}, ${nota.dados.nNF}, ${nota.dados.serie}, ${nota.tpEmis}, ${nota.dados.tpAmb},
            null, ${extra.xMotivo ?? null}, ${nota.digestValue}, ${JSON.stringify(nota.totais)}::jsonb,
            ${nota.totais.vNF}, ${nota.dhEmi}, ${extra.pendenteEnvio ?? false}, ${duvida},
            ${duvida ? sql`now() + make_interval(secs => ${b.trava.segundos}::int)` : sql`null`}, ${b.ctx.usuarioId})
          returning *`,
    );
    if (!l) throw new Error('nfce não gravada');
    this.notificar(l);
    return l;
  }

  /** Applies a transmission result to a stored row. */
  async aplicarResultado(id: string, r: ResultadoTransmissao, aviso: string | null = null): Promise<Linha> {
    let l: Linha | undefined;
    switch (r.situacao) {
      case 'autorizada':
        l = await consultarUm(
          this.db,
          sql`update nfce set status_nota = 'processado', protocolo_recebimento = ${r.nProt},
                data_recebimento = ${r.dhRecbto || null}, c_stat = ${r.cStat}, x_motivo = ${r.xMotivo},
                xml_proc = ${r.xmlProc}, pendente_envio = false, aguardando_retorno = false, proxima_tentativa = null,
                bloqueio_ate = null, aviso = ${aviso}, updated_at = now()
              where id = ${id} returning *`,
        );
        break;
      case 'contingencia':
        l = await consultarUm(this.db, sql`select * from nfce where id = ${id}`);
        break;
      default: {
        // Rejections are stored with the code and the catalogue text (spec 2 section 8).
        const texto = mensagemCStat(r.cStat) ?? r.xMotivo;
        l = await consultarUm(
          this.db,
          sql`update nfce set status_nota = 'erro', c_stat = ${r.cStat}, x_motivo = ${texto},
                pendente_envio = false, aguardando_retorno = false, proxima_tentativa = null, bloqueio_ate = null,
                aviso = ${aviso ?? r.mensagem}, updated_at = now()
              where id = ${id} returning *`,
        );
        // A content rejection can never be sent: its number is voided at once (issue 15 point 7).
        if (l && r.situacao === 'rejeitada') l = await inutilizarSeNuncaEnviavel(this.fiscal, l, r.cStat);
      }
    }
    if (!l) throw new Error('nfce não encontrada');
    this.notificar(l);
    return l;
  }

  notificar(l: Linha): void {
    notificarNfce(this.fiscal, l);
  }

  private resposta(l: Linha, r: ResultadoTransmissao | null, mensagem?: string): ResultadoEmissao {
    const nfce = registroNfce(l);
    if (r?.situacao === 'autorizada') {
      return {
        valido: true,
        mensagem: mensagem ?? MENSAGEM_AUTORIZADA,
        nfce,
        protNFe: {
          chNFe: r.chave,
          nProt: r.nProt,
          dhRecbto: r.dhRecbto,
          cStat: r.cStat,
          xMotivo: r.xMotivo,
          digVal: r.digVal,
          xml: extrairProtNfe(r.xmlProc),
        },
      };
    }
    return {
      valido: false,
      mensagem: mensagem ?? (r as { mensagem?: string } | null)?.mensagem ?? nfce.xMotivo ?? '',
      nfce,
      protNFe: null,
    };
  }

  /** Signs a freshly numbered online note, stores it in doubt (before sending) and sends it. */
  private async transmitirNova(b: Base, nNF: number, renumerada = false): Promise<ResultadoEmissao> {
    const nota = gerarNfce(b.montar(nNF, 1), b.cert);
    // Recorded before sending: a crash mid-transmission leaves the number and the signed XML on file, in doubt.
    const l = await this.gravar(b, nota, 'erro', { xMotivo: AGUARDANDO_RETORNO, aguardandoRetorno: true });
    return this.enviarRegistrada(b, l, nota, false, renumerada);
  }

  /**
   * Sends a stored online note in doubt (fresh, or left by a server that stopped: then `consultarAntes`, the key
   * is queried first) within the sale's budget, and applies the reactions: 204/539 renumber once; SEFAZ
   * unreachable or slower than the budget -> an offline note (tpEmis 9) with a NEW number, printed now and sent
   * later, while the online one is checked by the worker (cancelled if authorised late, number voided if not).
   */
  private async enviarRegistrada(
    b: Base,
    l: Linha,
    nota: NfceAssinada,
    consultarAntes: boolean,
    renumerada: boolean,
  ): Promise<ResultadoEmissao> {
    const id = l.id as string;
    await this.renovar(b.trava);
    let r: ResultadoTransmissao;
    try {
      const cliente = await this.fiscal.cliente(b.e, b.cert);
      const prazo = b.orcamento.prazo();
      r = consultarAntes
        ? await consultarEEnviar(nota, cliente, prazo)
        : await transmitirNfce(nota, cliente, { prazo });
    } catch (erro) {
      const msg = `Falha ao enviar a nota, ${(erro as Error).message}`;
      // An invalid document was never sent: out of doubt, for the operator. Anything else may have reached
      // SEFAZ: the note stays in doubt and the worker queries its key later.
      const xsd = erro instanceof ErroXsd;
      const f = await consultarUm(
        this.db,
        sql`update nfce set x_motivo = ${xsd ? msg : AGUARDANDO_RETORNO}, aviso = ${msg}, aguardando_retorno = ${!xsd},
              proxima_tentativa = ${xsd ? sql`null` : sql`now() + interval '30 seconds'`}, updated_at = now()
            where id = ${id} returning *`,
      );
      return this.resposta(f ?? l, null, msg);
    }
    if (r.situacao === 'contingencia') {
      // Words a tax auditor reads (issue 15 point 10), not the socket error kept in r.motivo.
      const xJust = justificativaContingencia(
        this.fiscal.tempo.agora(),
        fusoDaUf(b.e.uf, b.e.codigoMunicipio),
      );
      await this.renovar(b.trava);
      const n9 = await this.fiscal.reservarNumero(b.ctx.grupoEmpresarialId, b.e.id, b.e.serie, b.vendaId);
      const off = gerarNfce(b.montar(n9, 9, xJust), b.cert);
      const l9 = await this.gravar(b, off, 'contingencia', {
        pendenteEnvio: true,
        substitui: { id, motivo: substituida(r.motivo, n9) },
      });
      return { valido: true, mensagem: mensagemOffline(r.motivo), nfce: registroNfce(l9), protNFe: null };
    }
    if (r.situacao === 'duplicidade' && !renumerada) {
      await this.aplicarResultado(id, r);
      let novo: number;
      try {
        await this.renovar(b.trava);
        novo = await this.fiscal.reservarNumero(b.ctx.grupoEmpresarialId, b.e.id, b.e.serie, b.vendaId);
      } catch {
        // Spec 2 section 8: when no new number can be had, the note is still returned, with a warning.
        const f = await consultarUm(
          this.db,
          sql`update nfce set aviso = ${`${r.mensagem} ${AVISO_RENUMERACAO}`} where id = ${id} returning *`,
        );
        return this.resposta(f ?? l, r, `${r.mensagem} ${AVISO_RENUMERACAO}`);
      }
      const segunda = await this.transmitirNova(b, novo, true);
      const aviso = mensagemDuplicidade(nota.dados.nNF, r.cStat, r.xMotivo);
      await consultar(this.db, sql`update nfce set aviso = ${aviso} where id = ${segunda.nfce._id}`);
      return {
        ...segunda,
        nfce: { ...segunda.nfce, aviso },
        mensagem: segunda.valido ? `${segunda.mensagem}. ${aviso}` : segunda.mensagem,
      };
    }
    const final = await this.aplicarResultado(id, r);
    return this.resposta(final, r);
  }

  /** Resends a stored note that failed (same number and XML; the package queries the key first on doubt). */
  async reenviar(grupoEmpresarialId: string, id: string): Promise<ResultadoEmissao> {
    const l = await consultarUm(
      this.db,
      sql`select * from nfce where id = ${id} and grupo_empresarial_id = ${grupoEmpresarialId}`,
    );
    if (!l) throw new ErroNegocio('NFC-e não encontrada!');
    if (l.status_nota === 'processado') throw new ErroNegocio('NFC-e já autorizada.');
    await exigirNumeroNaoInutilizado(this.fiscal, l);
    const e = await this.fiscal.empresaFiscal(grupoEmpresarialId, l.empresa_id as string);
    const cert = await this.fiscal.certificado(e);
    const prazo = Date.now() + (await this.fiscal.orcamentoSefazMs());
    const r = await transmitirNfce(notaDoRegistro(l), await this.fiscal.cliente(e, cert), { prazo });
    if (r.situacao === 'contingencia') return this.resposta(l, r, r.mensagem);
    return this.resposta(await this.aplicarResultado(id, r), r);
  }
}

/** What an issue carries from step to step. */
interface Base {
  ctx: ContextoEmissao;
  e: EmpresaFiscal;
  cert: CertificadoA1;
  vendaId: string;
  posicao: number | null;
  montar: (nNF: number, tpEmis: 1 | 9, xJust?: string) => DadosNfce;
  /** The sale end's one budget for SEFAZ. */
  orcamento: OrcamentoSefaz;
  trava: Trava;
}

/**
 * A note whose earlier send has no stored answer: query its key (consSitNFe) before anything. Authorised with
 * our digest -> done, without sending again; SEFAZ unreachable -> contingency; otherwise (217: never received)
 * the send applies SEFAZ's rules (204/539 with the key query, rejections).
 */
export async function consultarEEnviar(
  nota: NfceAssinada,
  cliente: ClienteSefaz,
  prazo: number,
): Promise<ResultadoTransmissao> {
  let c: Awaited<ReturnType<ClienteSefaz['consultarProtocolo']>>;
  try {
    c = await cliente.consultarProtocolo(nota.chave, prazo);
  } catch (erro) {
    if (!(erro instanceof ErroComunicacao)) throw erro;
    return {
      situacao: 'contingencia',
      chave: nota.chave,
      motivo: erro.message,
      mensagem: mensagemContingencia(erro.message),
    };
  }
  const p = c.protocolo;
  if (p && p.cStat === AUTORIZADA && p.nProt && (!p.digVal || p.digVal === nota.digestValue)) {
    return {
      situacao: 'autorizada',
      chave: nota.chave,
      cStat: p.cStat,
      xMotivo: p.xMotivo,
      nProt: p.nProt,
      dhRecbto: p.dhRecbto ?? '',
      digVal: p.digVal ?? nota.digestValue,
      qrCode: nota.qrCode,
      urlChave: nota.urlChave,
      xmlProc: montarNfeProc(nota.xml, p.xml),
      viaConsulta: true,
    };
  }
  return transmitirNfce(nota, cliente, { prazo });
}
