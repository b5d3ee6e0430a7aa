// Issuing workflow of an NFC-e: number -> build -> sign -> XSD -> transmit -> store, with the reactions of
// spec 2 section 8 (100 stores the protocol; 204/539 renumber once; rejections stored with the catalogue
// text; SEFAZ unreachable -> offline note tpEmis 9 issued at once and queued for the background worker).
import type { Venda } from '@retaguarda/domain';
import {
  type CertificadoA1,
  type DadosNfce,
  ErroCertificado,
  ErroMontagemNfce,
  ErroXsd,
  formatarDataHora,
  fusoDaUf,
  gerarNfce,
  mensagemCStat,
  mensagemDuplicidade,
  montarNfce,
  type NfceAssinada,
  type ResultadoTransmissao,
  type TotaisNfce,
  transmitirNfce,
  verificarValidade,
} from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { justificativaContingencia } from './ambiente-sefaz.ts';
import { conferirNotaAntesDoNumero, inutilizarSeNuncaEnviavel } from './conferencia.ts';
import { type EmpresaFiscal, MODELO_NFCE, type ServicoFiscal } from './fiscal.service.ts';
import { type ProdutoFiscal, vendaParaNfce } from './venda-para-nfce.ts';

export const MENSAGEM_AUTORIZADA = 'Autorizado o uso da NF-e';
export const AGUARDANDO_RETORNO = 'Aguardando retorno da SEFAZ';
export const mensagemOffline = (motivo: string) =>
  `NFC-e emitida em contingência off-line (tpEmis 9): ${motivo}. Será transmitida automaticamente quando a SEFAZ responder.`;
export const substituida = (motivo: string, n: number) =>
  `Sem retorno da SEFAZ (${motivo}); substituída pela NFC-e off-line nº ${n}.`;
export const MENSAGEM_JA_EMITIDA = 'Já existe NFC-e emitida para esta venda.';
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

  /** Issues the NFC-e of a sale (ended, status 59) or of one seat of it; one at a time per sale and seat. */
  async emitirVenda(
    ctx: ContextoEmissao,
    venda: Venda,
    opcoes: { posicao?: number | null | undefined; vendaId?: string | null } = {},
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
    opcoes: { posicao?: number | null | undefined; vendaId?: string | null },
  ): Promise<ResultadoEmissao> {
    if (venda.empresa !== ctx.empresaId) throw new ErroNegocio('A venda não pertence à empresa informada.');
    if (venda.status.id !== 59)
      throw new ErroNegocio('A NFC-e só pode ser emitida para uma venda encerrada!');
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
    const emitida = await consultarUm(
      this.db,
      sql`select id from nfce where grupo_empresarial_id = ${ctx.grupoEmpresarialId} and venda_id = ${venda._id}
            and coalesce(posicao, 0) = ${opcoes.posicao ?? 0} and cancelado = false
            and status_nota in ('processado', 'contingencia')`,
    );
    if (emitida) throw new ErroNegocio(MENSAGEM_JA_EMITIDA);
    const { produtos, taxaEntrega } = await this.produtosDaVenda(ctx.grupoEmpresarialId, venda);
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
    const nNF = await this.fiscal.proximoNumero(ctx.grupoEmpresarialId, e.id, MODELO_NFCE, e.serie);
    const base = { ctx, e, cert, vendaId: opcoes.vendaId ?? venda._id, posicao: opcoes.posicao ?? null };
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
    return this.transmitirNova(base, (n, tpEmis, xJust) => montar(n, tpEmis, xJust), nNF);
  }

  private async gravar(
    b: { ctx: ContextoEmissao; vendaId: string | null; posicao: number | null },
    nota: NfceAssinada,
    status: RegistroNfce['statusNota'],
    extra: { pendenteEnvio?: boolean; cStat?: number | null; xMotivo?: string | null; id?: string } = {},
  ): Promise<Linha> {
    const dados = { ...nota.dados, dhEmi: nota.dhEmi, cNF: nota.chave.slice(35, 43) };
    const doc = nota.dados.destinatario?.documento ?? null;
    const id = extra.id ?? novoId();
    const l = await consultarUm(
      this.db,
      sql`insert into nfce (id, grupo_empresarial_id, empresa_id, venda_id, posicao, dados_nfe, status_nota, qr_code,
            url_chave, cpf_cnpj, xml, chave, numero, serie, tp_emis, tp_amb, c_stat, x_motivo, digest_value, totais,
            valor, dh_emi, pendente_envio, created_by)
          values (${id}, ${b.ctx.grupoEmpresarialId}, ${b.ctx.empresaId}, ${b.vendaId}, ${b.posicao},
            ${JSON.stringify(dados)}::jsonb, ${status}, ${nota.qrCode}, ${nota.urlChave}, ${doc}, ${nota.xml},
            ${nota.chave}, ${nota.dados.nNF}, ${nota.dados.serie}, ${nota.tpEmis}, ${nota.dados.tpAmb},
            ${extra.cStat ?? null}, ${extra.xMotivo ?? null}, ${nota.digestValue}, ${JSON.stringify(nota.totais)}::jsonb,
            ${nota.totais.vNF}, ${nota.dhEmi}, ${extra.pendenteEnvio ?? false}, ${b.ctx.usuarioId})
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
                xml_proc = ${r.xmlProc}, pendente_envio = false, bloqueio_ate = null, aviso = ${aviso}, updated_at = now()
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
                pendente_envio = false, bloqueio_ate = null, aviso = ${aviso ?? r.mensagem}, updated_at = now()
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

  /**
   * Sends a freshly numbered note. 204/539: one renumbering and resend; SEFAZ unreachable: the same number
   * is re-signed as an offline note (tpEmis 9) and queued.
   */
  private async transmitirNova(
    b: {
      ctx: ContextoEmissao;
      e: EmpresaFiscal;
      cert: CertificadoA1;
      vendaId: string | null;
      posicao: number | null;
    },
    montar: (nNF: number, tpEmis: 1 | 9, xJust?: string) => DadosNfce,
    nNF: number,
    renumerada = false,
  ): Promise<ResultadoEmissao> {
    const nota = gerarNfce(montar(nNF, 1), b.cert);
    // Recorded before sending: a crash mid-transmission leaves the number and the signed XML on file.
    const l = await this.gravar(b, nota, 'erro', { xMotivo: AGUARDANDO_RETORNO });
    const id = l.id as string;
    let r: ResultadoTransmissao;
    try {
      r = await transmitirNfce(nota, await this.fiscal.cliente(b.e, b.cert));
    } catch (erro) {
      const msg =
        erro instanceof ErroXsd
          ? `Falha ao enviar a nota, ${erro.message}`
          : `Falha ao enviar a nota, ${(erro as Error).message}`;
      const f = await consultarUm(
        this.db,
        sql`update nfce set x_motivo = ${msg}, updated_at = now() where id = ${id} returning *`,
      );
      return this.resposta(f ?? l, null, msg);
    }
    if (r.situacao === 'contingencia') {
      // SEFAZ unreachable or slow: the sale gets an offline note (tpEmis 9) with a NEW number, printed now and
      // sent later. The online one may still reach SEFAZ (a slow answer is not a refusal): the worker checks
      // its key when SEFAZ answers and cancels it if it was authorised, or voids its number otherwise.
      // Words a tax auditor reads (issue 15 point 10), not the socket error kept in r.motivo.
      const xJust = justificativaContingencia(
        this.fiscal.tempo.agora(),
        fusoDaUf(b.e.uf, b.e.codigoMunicipio),
      );
      const n9 = await this.fiscal.proximoNumero(b.ctx.grupoEmpresarialId, b.e.id, MODELO_NFCE, b.e.serie);
      const off = gerarNfce(montar(n9, 9, xJust), b.cert);
      const l9 = await this.gravar(b, off, 'contingencia', { pendenteEnvio: true });
      await consultar(
        this.db,
        sql`update nfce set verificar_envio = true, x_motivo = ${substituida(r.motivo, n9)}, updated_at = now()
            where id = ${id}`,
      );
      return { valido: true, mensagem: mensagemOffline(r.motivo), nfce: registroNfce(l9), protNFe: null };
    }
    if (r.situacao === 'duplicidade' && !renumerada) {
      await this.aplicarResultado(id, r);
      let novo: number;
      try {
        novo = await this.fiscal.proximoNumero(b.ctx.grupoEmpresarialId, b.e.id, MODELO_NFCE, b.e.serie);
      } catch {
        // Spec 2 section 8: when no new number can be had, the note is still returned, with a warning.
        const f = await consultarUm(
          this.db,
          sql`update nfce set aviso = ${`${r.mensagem} ${AVISO_RENUMERACAO}`} where id = ${id} returning *`,
        );
        return this.resposta(f ?? l, r, `${r.mensagem} ${AVISO_RENUMERACAO}`);
      }
      const segunda = await this.transmitirNova(b, montar, novo, true);
      const aviso = mensagemDuplicidade(nNF, r.cStat, r.xMotivo);
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
    const e = await this.fiscal.empresaFiscal(grupoEmpresarialId, l.empresa_id as string);
    const cert = await this.fiscal.certificado(e);
    const r = await transmitirNfce(notaDoRegistro(l), await this.fiscal.cliente(e, cert));
    if (r.situacao === 'contingencia') return this.resposta(l, r, r.mensagem);
    return this.resposta(await this.aplicarResultado(id, r), r);
  }
}
