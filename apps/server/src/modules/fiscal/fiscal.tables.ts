// Tables of the fiscal module (own migration chain: drizzle-fiscal.config.ts -> drizzle/fiscal).
// The store's public fiscal settings (CRT, ambiente, série, tipoEmissao, formatoDANFE, consumidorFinal,
// contingenciaNfce) stay in empresa.fiscal / empresa.nfce (spec 3.1); secrets and issuing data live here.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const instante = (nome: string) => timestamp(nome, { withTimezone: true, mode: 'string' });

/** Issuing data of a store that the spec's empresa blocks do not carry (IE, IBGE code, CSC, resp. técnico). */
export const fiscalEmpresa = pgTable('fiscal_empresa', {
  empresaId: text('empresa_id').primaryKey(),
  grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
  razaoSocial: text('razao_social'),
  ie: text('ie'),
  im: text('im'),
  cnae: text('cnae'),
  codigoMunicipio: text('codigo_municipio'),
  telefone: text('telefone'),
  cscId: text('csc_id'),
  /** AES-256-GCM (cofre.ts): the CSC is a secret shared with SEFAZ. */
  cscTokenCifrado: text('csc_token_cifrado'),
  /** {CNPJ, xContato, email, fone} (spec 3.1 technical-responsible data). */
  responsavelTecnico: jsonb('responsavel_tecnico'),
  /** IBS/CBS of NT 2025.002: {habilitado, CST, cClassTrib, pIBSUF, pIBSMun, pCBS}. */
  ibsCbs: jsonb('ibs_cbs'),
  versaoQrCode: integer('versao_qr_code'),
  limiteSemIdentificacao: numeric('limite_sem_identificacao', { precision: 18, scale: 2 }),
  /** The store issues the NFC-e of every sale the POS ends (server side, after the sale commits). */
  emitirNfce: boolean('emitir_nfce').notNull().default(false),
  /** Card payments go through a TEF / integrated POS: the NFC-e card group says tpIntegra 1 (else 2). */
  pagamentoIntegrado: boolean('pagamento_integrado').notNull().default(false),
  /** When emitirNfce was last switched on: the worker issues missing notes only for sales ended after it. */
  emitirNfceDesde: instante('emitir_nfce_desde').defaultNow(),
  updatedAt: instante('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

/** The store's A1 certificate: the PKCS#12 and its password encrypted; the key is never in the database. */
export const fiscalCertificado = pgTable('fiscal_certificado', {
  empresaId: text('empresa_id').primaryKey(),
  grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
  pfxCifrado: text('pfx_cifrado').notNull(),
  senhaCifrada: text('senha_cifrada').notNull(),
  titular: text('titular').notNull(),
  documento: text('documento'),
  validoDe: instante('valido_de').notNull(),
  validoAte: instante('valido_ate').notNull(),
  /** True for the self-signed certificate generated for the demo store (homologation only). */
  demonstracao: boolean('demonstracao').notNull().default(false),
  updatedAt: instante('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

/** Note numbering per store, model ('65' NFC-e, 'bnf') and series: the last number handed out. */
export const fiscalNumeracao = pgTable(
  'fiscal_numeracao',
  {
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    modelo: text('modelo').notNull(),
    serie: integer('serie').notNull(),
    ultimoNumero: bigint('ultimo_numero', { mode: 'number' }).notNull(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.empresaId, t.modelo, t.serie] })],
);

/** NFC-e record (spec 3.1): one row per issued note; the contingency queue is its pendente_envio rows. */
export const nfce = pgTable(
  'nfce',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    vendaId: text('venda_id'),
    posicao: integer('posicao'),
    /** DadosNfce the note was built from (re-signing, DANFE). */
    dadosNfe: jsonb('dados_nfe').notNull(),
    /** processado | erro | contingencia (spec 4). */
    statusNota: text('status_nota').notNull(),
    qrCode: text('qr_code'),
    urlChave: text('url_chave'),
    protocoloRecebimento: text('protocolo_recebimento'),
    dataRecebimento: instante('data_recebimento'),
    cancelado: boolean('cancelado').notNull().default(false),
    cpfCnpj: text('cpf_cnpj'),
    /** Signed <NFe>; xml_proc is the <nfeProc> once authorised. */
    xml: text('xml').notNull(),
    xmlProc: text('xml_proc'),
    chave: text('chave').notNull(),
    numero: integer('numero').notNull(),
    serie: integer('serie').notNull(),
    tpEmis: integer('tp_emis').notNull(),
    tpAmb: integer('tp_amb').notNull(),
    cStat: integer('c_stat'),
    xMotivo: text('x_motivo'),
    digestValue: text('digest_value').notNull(),
    totais: jsonb('totais').notNull(),
    valor: numeric('valor', { precision: 18, scale: 2 }).notNull(),
    dhEmi: instante('dh_emi').notNull(),
    /** Offline note (tpEmis 9) still to be sent: the contingency queue. */
    pendenteEnvio: boolean('pendente_envio').notNull().default(false),
    /**
     * Online note left without answer and replaced by an offline one: once SEFAZ answers, the worker cancels
     * it (if it was authorised after all) or voids its number (inutilização).
     */
    verificarEnvio: boolean('verificar_envio').notNull().default(false),
    /**
     * Online note stored before sending whose answer is not stored yet. While its issuer lives it is leased
     * (proxima_tentativa); after a crash the worker queries its key before resending or going offline.
     */
    aguardandoRetorno: boolean('aguardando_retorno').notNull().default(false),
    tentativas: integer('tentativas').notNull().default(0),
    proximaTentativa: instante('proxima_tentativa'),
    /** Lease of the worker instance sending it (several servers may share the database). */
    bloqueioAte: instante('bloqueio_ate'),
    cancelamento: jsonb('cancelamento'),
    aviso: text('aviso'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
    createdBy: text('created_by'),
  },
  (t) => [
    uniqueIndex('nfce_chave_uq').on(t.chave),
    index('nfce_grupo_empresa_dh_idx').on(t.grupoEmpresarialId, t.empresaId, t.dhEmi),
    index('nfce_venda_idx').on(t.grupoEmpresarialId, t.vendaId),
    index('nfce_fila_idx')
      .on(t.proximaTentativa)
      .where(sql`pendente_envio or verificar_envio or aguardando_retorno`),
  ],
);

/**
 * Who is issuing the note of a sale (and seat, 0 = whole sale) right now, across server instances: one issue at
 * a time per sale, so two servers (or a server and the worker) never give a sale two numbers. Leased: a server
 * killed mid-issue leaves a row that expires.
 */
export const fiscalEmissaoTrava = pgTable(
  'fiscal_emissao_trava',
  {
    vendaId: text('venda_id').notNull(),
    posicao: integer('posicao').notNull(),
    dono: text('dono').notNull(),
    ate: instante('ate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendaId, t.posicao] })],
);

/**
 * NFC-e numbers handed out and not yet on an nfce row, written by the statement that takes the number and
 * deleted by the one that stores the note. One left behind (server killed between the two) is voided by the
 * worker (inutilização): no number gap stays open.
 */
export const fiscalNumeroReservado = pgTable(
  'fiscal_numero_reservado',
  {
    empresaId: text('empresa_id').notNull(),
    serie: integer('serie').notNull(),
    numero: integer('numero').notNull(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    vendaId: text('venda_id'),
    reservadoEm: instante('reservado_em').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.empresaId, t.serie, t.numero] })],
);

/** Fiscal events sent to SEFAZ (cancelamento 110111, inutilização), accepted or refused. */
export const fiscalEvento = pgTable(
  'fiscal_evento',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    nfceId: text('nfce_id'),
    tipo: text('tipo').notNull(),
    sucesso: boolean('sucesso').notNull(),
    cStat: integer('c_stat'),
    xMotivo: text('x_motivo'),
    protocolo: text('protocolo'),
    dados: jsonb('dados').notNull(),
    xml: text('xml'),
    usuarioId: text('usuario_id'),
    supervisorId: text('supervisor_id'),
    createdAt: instante('created_at').notNull().defaultNow(),
  },
  (t) => [index('fiscal_evento_grupo_empresa_idx').on(t.grupoEmpresarialId, t.empresaId, t.createdAt)],
);

/** Inbound supplier NF-e (entradaNotaFiscal); the stock entry itself belongs to the stock module. */
export const notaEntrada = pgTable(
  'nota_entrada',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    chave: text('chave').notNull(),
    modelo: text('modelo').notNull(),
    serie: text('serie').notNull(),
    numero: text('numero').notNull(),
    dhEmi: text('dh_emi').notNull(),
    emitenteCnpj: text('emitente_cnpj'),
    emitenteNome: text('emitente_nome'),
    valorTotal: numeric('valor_total', { precision: 18, scale: 2 }).notNull(),
    /** Parsed note without items (lerNfe), for the detail screen. */
    dados: jsonb('dados').notNull(),
    xml: text('xml').notNull(),
    /** Inbound invoice status (spec 4): pre-cadastro, pendente, confirmada, em cadastro. */
    status: text('status').notNull().default('pendente'),
    createdAt: instante('created_at').notNull().defaultNow(),
    createdBy: text('created_by'),
  },
  (t) => [
    uniqueIndex('nota_entrada_chave_uq').on(t.grupoEmpresarialId, t.chave),
    index('nota_entrada_grupo_empresa_idx').on(t.grupoEmpresarialId, t.empresaId, t.createdAt),
  ],
);

export const notaEntradaItem = pgTable(
  'nota_entrada_item',
  {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    notaEntradaId: text('nota_entrada_id').notNull(),
    nItem: integer('n_item').notNull(),
    /** Supplier's product code. */
    cProd: text('c_prod').notNull(),
    cEan: text('c_ean'),
    xProd: text('x_prod').notNull(),
    ncm: text('ncm'),
    cfop: text('cfop'),
    uCom: text('u_com'),
    qCom: numeric('q_com', { precision: 18, scale: 4 }).notNull(),
    vUnCom: numeric('v_un_com', { precision: 21, scale: 10 }).notNull(),
    vProd: numeric('v_prod', { precision: 18, scale: 2 }).notNull(),
    produtoGeralId: text('produto_geral_id'),
    /** Stock units per supplier unit (e.g. 12 for a box of 12). */
    fatorConversao: numeric('fator_conversao', { precision: 18, scale: 6 }),
  },
  (t) => [index('nota_entrada_item_nota_idx').on(t.grupoEmpresarialId, t.notaEntradaId, t.nItem)],
);
