// The fiscal module's services: store fiscal setup, A1 certificate (encrypted at rest), note numbering
// and the SEFAZ client of each store (real SEFAZ, or the local simulator in development and tests).
import { randomBytes, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import {
  type CertificadoA1,
  ClienteSefaz,
  type Crt,
  carregarCertificadoA1,
  ErroCertificado,
  ehUf,
  iniciarSimuladorSefaz,
  type SimuladorSefaz,
  type TipoAmbiente,
  type Uf,
  verificarValidade,
} from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import type { Tempo } from '../../lib/tempo.ts';
import { consultaCscDoBanco, destinoDoAmbiente, responsavelTecnicoPadrao } from './ambiente-sefaz.ts';
import { gerarPfxDemonstracao } from './certificado-demo.ts';
import { Cofre, ErroCofre, MENSAGENS_COFRE } from './cofre.ts';

export const MODELO_NFCE = '65';
export const MODELO_BNF = 'bnf';
export type ModeloNumeracao = typeof MODELO_NFCE | typeof MODELO_BNF;

export const MENSAGENS_FISCAL = {
  empresaNaoEncontrada: 'Empresa não encontrada!',
  semCertificado: 'Certificado digital A1 não cadastrado para a empresa.',
  semCnpj: 'CNPJ da empresa não informado.',
  semIe: 'Inscrição estadual da empresa não informada na configuração fiscal.',
  semMunicipio: 'Código IBGE do município da empresa não informado na configuração fiscal.',
  semUf: 'UF da empresa não informada.',
  semCsc: 'CSC (id e token) da empresa não informado na configuração fiscal.',
  certificadoOutroCnpj: (doc: string) => `O certificado pertence a outro CNPJ (${doc}).`,
  numeroMenor: (n: number) => `O número informado é menor que o da última nota emitida (nº ${n}).`,
} as const;

export interface ContingenciaNfce {
  habilitado: boolean;
  dataHora: string | null;
  numeroNota: number | null;
  xJust: string | null;
}

export interface ConfiguracaoIbsCbs {
  habilitado: boolean;
  CST?: string;
  cClassTrib?: string;
  pIBSUF?: string;
  pIBSMun?: string;
  pCBS?: string;
}

export interface ResponsavelTecnicoConfig {
  CNPJ: string;
  xContato: string;
  email: string;
  fone: string;
}

/** Everything issuing needs about a store. */
export interface EmpresaFiscal {
  id: string;
  grupoEmpresarialId: string;
  descricao: string;
  nomeFantasia: string | null;
  razaoSocial: string | null;
  cnpj: string | null;
  endereco: Linha;
  uf: Uf | null;
  CRT: Crt;
  tpAmb: TipoAmbiente;
  serie: number;
  tipoEmissao: number;
  formatoDANFE: number;
  consumidorFinal: number;
  contingencia: ContingenciaNfce;
  ie: string | null;
  im: string | null;
  cnae: string | null;
  codigoMunicipio: string | null;
  telefone: string | null;
  cscId: string | null;
  cscToken: string | null;
  responsavelTecnico: ResponsavelTecnicoConfig | null;
  ibsCbs: ConfiguracaoIbsCbs | null;
  versaoQrCode: 2 | 3 | null;
  limiteSemIdentificacao: string | null;
  /** Issue the NFC-e when the POS ends a sale (server side). */
  emitirNfce: boolean;
  /** Card payments through TEF / an integrated POS (NFC-e card group tpIntegra 1; else 2). */
  pagamentoIntegrado: boolean;
}

export interface ResumoCertificado {
  titular: string;
  documento: string | null;
  validoDe: string;
  validoAte: string;
  vencido: boolean;
  diasParaVencer: number;
  demonstracao: boolean;
}

const CONTINGENCIA_VAZIA: ContingenciaNfce = {
  habilitado: false,
  dataHora: null,
  numeroNota: null,
  xJust: null,
};

const obj = (v: unknown): Linha => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Linha) : {});
const txt = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const int = (v: unknown, padrao: number): number => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : padrao;
};

/** Where notes are sent: a SEFAZ URL override (with its CA) or the real web services of the UF. */
export interface DestinoSefaz {
  url?: string;
  ca?: string | string[];
  /** The local simulator: the demo store may get its self-signed certificate at first use. */
  simulador: boolean;
  timeoutMs?: number;
}

export class ServicoFiscal {
  private cofreCache: Cofre | undefined;
  private readonly certificados = new Map<string, { versao: string; cert: CertificadoA1 }>();
  private readonly clientes = new Map<string, { chave: string; cliente: ClienteSefaz }>();
  private destino: DestinoSefaz | undefined;
  /** Realtime notice to the store's screens (set by the module: Socket.IO `nfceAlterada`). */
  notificar: (empresaId: string, dados: Record<string, unknown>) => void = () => {};
  private simulador: Promise<SimuladorSefaz> | undefined;
  /** Whether the notes go to that local simulator (a test may point them elsewhere after it started). */
  private destinoEhSimuladorLocal = false;
  /** Whether a store issues its NFC-e at the end of a sale, read once per store (every sale end asks). */
  private readonly emiteAoEncerrar = new Map<string, { valor: boolean; ate: number }>();

  constructor(
    readonly db: Db,
    readonly config: Config,
    readonly tempo: Tempo,
    readonly log: FastifyBaseLogger,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  /** The deployment's key (CHAVE_CERTIFICADOS); the module reads it at start so a bad setting stops the server. */
  get cofre(): Cofre {
    this.cofreCache ??= Cofre.carregar(this.env);
    return this.cofreCache;
  }

  /** Start-time check of the fiscal settings (see validarConfiguracaoFiscal); logs the development key. */
  validarConfiguracao(): void {
    this.cofreCache = validarConfiguracaoFiscal(this.env);
    if (this.cofreCache.origem === 'desenvolvimento') {
      this.log.warn(
        'CHAVE_CERTIFICADOS não definida: certificados cifrados com a chave pública de desenvolvimento (só fora de produção)',
      );
    }
  }

  /** The local simulator this service started, if any (the dev-only scenario route changes its scenario). */
  simuladorLocal(): Promise<SimuladorSefaz> | undefined {
    return this.destinoEhSimuladorLocal ? this.simulador : undefined;
  }

  /** Sends every note to this address from now on (tests point each app at its own simulator). */
  usarSefaz(destino: DestinoSefaz): void {
    this.destino = destino;
    this.destinoEhSimuladorLocal = false;
    this.fecharClientes();
  }

  /**
   * SEFAZ_URL (+ SEFAZ_CA file) when set; otherwise, outside production, the local simulator started on a
   * free port on first need (DESIGN 1: the demo uses it in homologation). In production: the UF's URLs.
   */
  async destinoSefaz(): Promise<DestinoSefaz> {
    if (this.destino) return this.destino;
    const timeoutMs = lerOrcamentoSefaz(this.env);
    // Real SEFAZ servers present ICP-Brasil certificates, absent from Node's store: SEFAZ_CA is the bundle.
    const ca = this.env.SEFAZ_CA ? lerCadeiaSefaz(this.env.SEFAZ_CA) : undefined;
    if (this.env.SEFAZ_URL) {
      this.destino = { url: this.env.SEFAZ_URL, simulador: false, timeoutMs, ...(ca ? { ca } : {}) };
      return this.destino;
    }
    if (this.env.NODE_ENV === 'production' || this.env.SEFAZ_SIMULADOR === 'false') {
      this.destino = { simulador: false, timeoutMs, ...(ca ? { ca } : {}) };
      return this.destino;
    }
    // Keeps its issued keys beside the database (so 204/539 survive restarts like a real SEFAZ);
    // SEFAZ_SIMULADOR_ARQUIVO='' keeps them in memory only.
    const arquivo =
      this.env.SEFAZ_SIMULADOR_ARQUIVO ?? path.join(this.config.dataDir, 'sefaz-simulador.json');
    this.simulador ??= iniciarSimuladorSefaz({
      porta: Number(this.env.SEFAZ_SIMULADOR_PORTA ?? 0),
      ...(arquivo ? { arquivo } : {}),
      // The stores' CSC, as SEFAZ keeps them: the QR v2 hash is checked (issue 15 point 4).
      csc: consultaCscDoBanco(this.db, (c, contexto) => this.cofre.decifrar(c, contexto).toString('utf8')),
    });
    const sim = await this.simulador;
    this.log.info({ url: sim.url }, 'simulador SEFAZ local iniciado (homologação)');
    this.destino = { url: sim.url, ca: sim.certificadoPem, simulador: true, timeoutMs };
    this.destinoEhSimuladorLocal = true;
    return this.destino;
  }

  // ---------------------------------------------------------------- store setup

  /**
   * The store's `emitirNfce` for the sale-end hook, without reading and decrypting its whole fiscal setup on
   * every sale (a third of the statements of a counter sale sent whole). Saving the setup forgets it; the
   * minute bounds what another server process could have changed.
   */
  async emitirNfceAoEncerrar(grupoEmpresarialId: string, empresaId: string): Promise<boolean> {
    const chave = `${grupoEmpresarialId}:${empresaId}`;
    const guardado = this.emiteAoEncerrar.get(chave);
    if (guardado && guardado.ate > Date.now()) return guardado.valor;
    const l = await consultarUm(
      this.db,
      sql`select emitir_nfce from fiscal_empresa where empresa_id = ${empresaId} and grupo_empresarial_id = ${grupoEmpresarialId}`,
    );
    const valor = l?.emitir_nfce === true;
    this.emiteAoEncerrar.set(chave, { valor, ate: Date.now() + 60_000 });
    return valor;
  }

  async empresaFiscal(grupoEmpresarialId: string, empresaId: string): Promise<EmpresaFiscal> {
    const e = await consultarUm(
      this.db,
      sql`select e.id, e.descricao, e.nome_fantasia, e.cnpj, e.endereco, e.fiscal, e.nfce,
                 f.razao_social, f.ie, f.im, f.cnae, f.codigo_municipio, f.telefone, f.csc_id, f.csc_token_cifrado,
                 f.responsavel_tecnico, f.ibs_cbs, f.versao_qr_code, f.limite_sem_identificacao, f.emitir_nfce,
                 f.pagamento_integrado
          from empresa e left join fiscal_empresa f on f.empresa_id = e.id
          where e.id = ${empresaId} and e.grupo_empresarial_id = ${grupoEmpresarialId} and e.lixo = false`,
    );
    if (!e) throw new ErroNegocio(MENSAGENS_FISCAL.empresaNaoEncontrada);
    const fiscal = obj(e.fiscal);
    const nfce = obj(e.nfce);
    const endereco = obj(e.endereco);
    const uf = txt(endereco.uf)?.toUpperCase() ?? null;
    const crt = int(fiscal.CRT, 1);
    const cont = obj(nfce.contingenciaNfce);
    const versao = int(e.versao_qr_code, 0);
    return {
      id: e.id as string,
      grupoEmpresarialId,
      descricao: e.descricao as string,
      nomeFantasia: txt(e.nome_fantasia),
      razaoSocial: txt(e.razao_social),
      cnpj: txt(e.cnpj),
      endereco,
      uf: uf && ehUf(uf) ? uf : null,
      CRT: crt === 2 || crt === 3 ? crt : 1,
      tpAmb: int(obj(fiscal.nfe).ambiente, 2) === 1 ? 1 : 2,
      serie: int(nfce.serie, 1),
      tipoEmissao: int(nfce.tipoEmissao, 1),
      formatoDANFE: int(nfce.formatoDANFE, 4),
      consumidorFinal: int(nfce.consumidorFinal, 2),
      contingencia: {
        habilitado: cont.habilitado === true,
        dataHora: txt(cont.dataHora),
        numeroNota: typeof cont.numeroNota === 'number' ? cont.numeroNota : null,
        xJust: txt(cont.xJust),
      },
      ie: txt(e.ie),
      im: txt(e.im),
      cnae: txt(e.cnae),
      codigoMunicipio: txt(e.codigo_municipio),
      telefone: txt(e.telefone),
      cscId: txt(e.csc_id),
      cscToken: e.csc_token_cifrado ? this.cscToken(empresaId, e.csc_token_cifrado as string) : null,
      // The store's own, else the software's (deployment setting): no note leaves without infRespTec.
      responsavelTecnico: e.responsavel_tecnico
        ? (e.responsavel_tecnico as ResponsavelTecnicoConfig)
        : responsavelTecnicoPadrao(this.env),
      ibsCbs: e.ibs_cbs ? (e.ibs_cbs as ConfiguracaoIbsCbs) : null,
      versaoQrCode: versao === 2 || versao === 3 ? versao : null,
      limiteSemIdentificacao: txt(e.limite_sem_identificacao),
      emitirNfce: e.emitir_nfce === true,
      pagamentoIntegrado: e.pagamento_integrado === true,
    };
  }

  /** A CSC stored under another key reads as not configured (the screen asks for it again), with a log line. */
  private cscToken(empresaId: string, cifrado: string): string | null {
    try {
      return this.cofre.decifrar(cifrado, `csc:${empresaId}`).toString('utf8');
    } catch (erro) {
      if (!(erro instanceof ErroCofre)) throw erro;
      this.log.warn({ empresa: empresaId }, MENSAGENS_COFRE.outraChave);
      return null;
    }
  }

  /** The setup screen's view: never returns the CSC token nor anything of the certificate but its summary. */
  async configuracao(grupoEmpresarialId: string, empresaId: string) {
    const e = await this.empresaFiscal(grupoEmpresarialId, empresaId);
    return {
      empresa: e.id,
      descricao: e.descricao,
      cnpj: e.cnpj,
      razaoSocial: e.razaoSocial,
      uf: e.uf,
      CRT: e.CRT,
      ambiente: e.tpAmb,
      serie: e.serie,
      tipoEmissao: e.tipoEmissao,
      formatoDANFE: e.formatoDANFE,
      consumidorFinal: e.consumidorFinal,
      contingenciaNfce: e.contingencia,
      ie: e.ie,
      im: e.im,
      cnae: e.cnae,
      codigoMunicipio: e.codigoMunicipio,
      telefone: e.telefone,
      cscId: e.cscId,
      cscConfigurado: e.cscToken !== null,
      responsavelTecnico: e.responsavelTecnico,
      ibsCbs: e.ibsCbs,
      versaoQrCode: e.versaoQrCode,
      limiteSemIdentificacao: e.limiteSemIdentificacao,
      emitirNfce: e.emitirNfce,
      pagamentoIntegrado: e.pagamentoIntegrado,
      certificado: await this.resumoCertificado(empresaId),
    };
  }

  async atualizarConfiguracao(
    grupoEmpresarialId: string,
    empresaId: string,
    usuarioId: string,
    d: AtualizacaoConfiguracao,
  ): Promise<void> {
    await this.empresaFiscal(grupoEmpresarialId, empresaId);
    const fiscal: Linha = {};
    if (d.CRT !== undefined) fiscal.CRT = d.CRT;
    const nfce: Linha = {};
    for (const k of ['serie', 'tipoEmissao', 'formatoDANFE', 'consumidorFinal'] as const) {
      if (d[k] !== undefined) nfce[k] = d[k];
    }
    // jsonb || keeps the keys this screen does not edit (and contingenciaNfce, which has its own endpoint).
    await consultar(
      this.db,
      sql`update empresa set
            fiscal = coalesce(fiscal, '{}'::jsonb) || ${JSON.stringify(fiscal)}::jsonb
              || case when ${d.ambiente ?? null}::int is null then '{}'::jsonb
                 else jsonb_build_object('nfe', coalesce(fiscal->'nfe', '{}'::jsonb) || jsonb_build_object('ambiente', ${d.ambiente ?? null}::int)) end,
            nfce = coalesce(nfce, '{}'::jsonb) || ${JSON.stringify(nfce)}::jsonb,
            endereco = case when ${d.uf ?? null}::text is null then endereco
                       else coalesce(endereco, '{}'::jsonb) || jsonb_build_object('uf', ${d.uf ?? null}::text) end,
            updated_at = now(), updated_by = ${usuarioId}
          where id = ${empresaId} and grupo_empresarial_id = ${grupoEmpresarialId}`,
    );
    const campos: [string, unknown][] = [
      ['razao_social', d.razaoSocial],
      ['ie', d.ie],
      ['im', d.im],
      ['cnae', d.cnae],
      ['codigo_municipio', d.codigoMunicipio],
      ['telefone', d.telefone],
      ['csc_id', d.cscId],
      [
        'csc_token_cifrado',
        d.cscToken === undefined
          ? undefined
          : d.cscToken === null
            ? null
            : this.cofre.cifrar(d.cscToken, `csc:${empresaId}`),
      ],
      [
        'responsavel_tecnico',
        d.responsavelTecnico === undefined ? undefined : JSON.stringify(d.responsavelTecnico),
      ],
      ['ibs_cbs', d.ibsCbs === undefined ? undefined : JSON.stringify(d.ibsCbs)],
      ['versao_qr_code', d.versaoQrCode],
      ['limite_sem_identificacao', d.limiteSemIdentificacao],
      ['emitir_nfce', d.emitirNfce],
      ['pagamento_integrado', d.pagamentoIntegrado],
    ];
    // Switched on now: the worker's search for sales left without a note starts here, not in the past.
    if (d.emitirNfce === true) {
      await this.garantirLinhaFiscal(grupoEmpresarialId, empresaId);
      await consultar(
        this.db,
        sql`update fiscal_empresa set emitir_nfce_desde = now() where empresa_id = ${empresaId} and emitir_nfce = false`,
      );
    }
    const definidos = campos.filter(([, v]) => v !== undefined);
    this.emiteAoEncerrar.delete(`${grupoEmpresarialId}:${empresaId}`);
    await this.garantirLinhaFiscal(grupoEmpresarialId, empresaId);
    if (definidos.length > 0) {
      const sets = definidos.map(([c, v]) =>
        c === 'responsavel_tecnico' || c === 'ibs_cbs'
          ? sql`${sql.identifier(c)} = ${v}::jsonb`
          : sql`${sql.identifier(c)} = ${v}`,
      );
      await consultar(
        this.db,
        sql`update fiscal_empresa set ${sql.join(sets, sql`, `)}, updated_at = now(), updated_by = ${usuarioId}
            where empresa_id = ${empresaId}`,
      );
    }
    // Again after the write: a sale ending meanwhile may have read the old value.
    this.emiteAoEncerrar.delete(`${grupoEmpresarialId}:${empresaId}`);
  }

  private async garantirLinhaFiscal(grupoEmpresarialId: string, empresaId: string): Promise<void> {
    await consultar(
      this.db,
      sql`insert into fiscal_empresa (empresa_id, grupo_empresarial_id) values (${empresaId}, ${grupoEmpresarialId})
          on conflict (empresa_id) do nothing`,
    );
  }

  /** Enables (time stamped, with the next note number) or disables (reset) offline contingency (spec 4). */
  async definirContingencia(
    grupoEmpresarialId: string,
    empresaId: string,
    habilitar: boolean,
    xJust: string | null,
  ): Promise<ContingenciaNfce> {
    const e = await this.empresaFiscal(grupoEmpresarialId, empresaId);
    const valor: ContingenciaNfce = habilitar
      ? {
          habilitado: true,
          dataHora: this.tempo.agora().toISOString(),
          numeroNota: (await this.ultimoNumero(empresaId, MODELO_NFCE, e.serie)) + 1,
          xJust,
        }
      : CONTINGENCIA_VAZIA;
    await consultar(
      this.db,
      sql`update empresa set nfce = coalesce(nfce, '{}'::jsonb) || jsonb_build_object('contingenciaNfce', ${JSON.stringify(valor)}::jsonb),
            updated_at = now()
          where id = ${empresaId} and grupo_empresarial_id = ${grupoEmpresarialId}`,
    );
    return valor;
  }

  // ---------------------------------------------------------------- certificate

  /** Opens, checks and stores a PKCS#12 (encrypted with the store id bound as associated data). */
  async salvarCertificado(
    grupoEmpresarialId: string,
    empresaId: string,
    usuarioId: string | null,
    pfx: Buffer,
    senha: string,
    demonstracao = false,
  ): Promise<ResumoCertificado> {
    const e = await this.empresaFiscal(grupoEmpresarialId, empresaId);
    let cert: CertificadoA1;
    try {
      cert = carregarCertificadoA1(pfx, senha);
      verificarValidade(cert, this.tempo.agora());
    } catch (erro) {
      if (erro instanceof ErroCertificado) throw new ErroNegocio(erro.message);
      throw erro;
    }
    // e-CNPJ of another company (the 8-digit root identifies the company, branches share it).
    const cnpj = e.cnpj?.replace(/[^0-9A-Z]/gi, '') ?? '';
    if (cert.documento && cnpj && cert.documento.slice(0, 8) !== cnpj.slice(0, 8)) {
      throw new ErroNegocio(MENSAGENS_FISCAL.certificadoOutroCnpj(cert.documento));
    }
    const contexto = `certificado:${empresaId}`;
    await consultar(
      this.db,
      sql`insert into fiscal_certificado (empresa_id, grupo_empresarial_id, pfx_cifrado, senha_cifrada, titular, documento,
            valido_de, valido_ate, demonstracao, updated_at, updated_by)
          values (${empresaId}, ${grupoEmpresarialId}, ${this.cofre.cifrar(pfx, contexto)},
            ${this.cofre.cifrar(senha, `${contexto}:senha`)}, ${cert.titular}, ${cert.documento},
            ${cert.validoDe.toISOString()}, ${cert.validoAte.toISOString()}, ${demonstracao}, now(), ${usuarioId})
          on conflict (empresa_id) do update set pfx_cifrado = excluded.pfx_cifrado, senha_cifrada = excluded.senha_cifrada,
            titular = excluded.titular, documento = excluded.documento, valido_de = excluded.valido_de,
            valido_ate = excluded.valido_ate, demonstracao = excluded.demonstracao, updated_at = now(),
            updated_by = excluded.updated_by`,
    );
    this.certificados.delete(empresaId);
    this.fecharClientes(empresaId);
    return this.resumo(cert, demonstracao);
  }

  private resumo(cert: CertificadoA1, demonstracao: boolean): ResumoCertificado {
    const agora = this.tempo.agora().getTime();
    return {
      titular: cert.titular,
      documento: cert.documento,
      validoDe: cert.validoDe.toISOString(),
      validoAte: cert.validoAte.toISOString(),
      vencido: cert.validoAte.getTime() < agora,
      diasParaVencer: Math.floor((cert.validoAte.getTime() - agora) / 86_400_000),
      demonstracao,
    };
  }

  async resumoCertificado(empresaId: string): Promise<ResumoCertificado | null> {
    const l = await consultarUm(
      this.db,
      sql`select titular, documento, valido_de, valido_ate, demonstracao from fiscal_certificado where empresa_id = ${empresaId}`,
    );
    if (!l) return null;
    const validoAte = new Date(l.valido_ate as string);
    const agora = this.tempo.agora().getTime();
    return {
      titular: l.titular as string,
      documento: (l.documento as string | null) ?? null,
      validoDe: new Date(l.valido_de as string).toISOString(),
      validoAte: validoAte.toISOString(),
      vencido: validoAte.getTime() < agora,
      diasParaVencer: Math.floor((validoAte.getTime() - agora) / 86_400_000),
      demonstracao: l.demonstracao === true,
    };
  }

  /** The store's certificate, decrypted once and kept in memory while unchanged. */
  async certificado(e: EmpresaFiscal): Promise<CertificadoA1> {
    let l = await consultarUm(
      this.db,
      sql`select pfx_cifrado, senha_cifrada, updated_at, demonstracao from fiscal_certificado where empresa_id = ${e.id}`,
    );
    if (!l && (await this.destinoSefaz()).simulador && e.tpAmb === 2) {
      await this.provisionarDemonstracao(e);
      l = await consultarUm(
        this.db,
        sql`select pfx_cifrado, senha_cifrada, updated_at, demonstracao from fiscal_certificado where empresa_id = ${e.id}`,
      );
    }
    if (!l) throw new ErroNegocio(MENSAGENS_FISCAL.semCertificado);
    const versao = String(l.updated_at);
    const guardado = this.certificados.get(e.id);
    if (guardado?.versao === versao) return guardado.cert;
    const contexto = `certificado:${e.id}`;
    let pfx: Buffer;
    let senha: string;
    try {
      pfx = this.cofre.decifrar(l.pfx_cifrado as string, contexto);
      senha = this.cofre.decifrar(l.senha_cifrada as string, `${contexto}:senha`).toString('utf8');
    } catch (erro) {
      if (!(erro instanceof ErroCofre)) throw erro;
      // Stored under another key. The demo certificate is simply made again; a real one must be sent again.
      if (l.demonstracao === true && (await this.destinoSefaz()).simulador && e.tpAmb === 2) {
        await this.provisionarDemonstracao(e);
        return this.certificado(e);
      }
      throw new ErroNegocio(MENSAGENS_COFRE.outraChave);
    }
    const cert = carregarCertificadoA1(pfx, senha);
    this.certificados.set(e.id, { versao, cert });
    return cert;
  }

  /**
   * Development/demo only (simulator in homologation): a self-signed certificate for the store's CNPJ and
   * the missing issuing data (IE, IBGE code of Curitiba for the demo stores, a test CSC).
   */
  async provisionarDemonstracao(e: EmpresaFiscal): Promise<void> {
    if (!e.cnpj) throw new ErroNegocio(MENSAGENS_FISCAL.semCnpj);
    this.log.warn({ empresa: e.id }, 'gerando certificado A1 autoassinado de demonstração (homologação)');
    const senha = randomBytes(12).toString('hex');
    const pfx = gerarPfxDemonstracao(
      e.cnpj.replace(/\D/g, ''),
      e.razaoSocial ?? e.descricao,
      senha,
      this.tempo.agora(),
    );
    await this.salvarCertificado(e.grupoEmpresarialId, e.id, null, pfx, senha, true);
    const cidade = String(e.endereco.cidade ?? '').toLowerCase();
    await this.atualizarConfiguracao(e.grupoEmpresarialId, e.id, 'demonstracao', {
      ...(e.ie ? {} : { ie: '9044016688' }),
      ...(e.codigoMunicipio || cidade !== 'curitiba' ? {} : { codigoMunicipio: '4106902' }),
      ...(e.cscToken ? {} : { cscId: '000001', cscToken: 'CSC-DEMONSTRACAO-HOMOLOGACAO-0001' }),
      ...(e.razaoSocial ? {} : { razaoSocial: `${e.nomeFantasia ?? e.descricao} LTDA` }),
    });
  }

  // ---------------------------------------------------------------- numbering

  /**
   * Hands out the next number of a store/model/series. One statement: the row lock of the upsert
   * serialises concurrent terminals, so numbers are consecutive, without gap or repetition.
   */
  async proximoNumero(
    grupoEmpresarialId: string,
    empresaId: string,
    modelo: ModeloNumeracao,
    serie: number,
  ): Promise<number> {
    const l = await consultarUm(
      this.db,
      sql`insert into fiscal_numeracao (grupo_empresarial_id, empresa_id, modelo, serie, ultimo_numero)
          values (${grupoEmpresarialId}, ${empresaId}, ${modelo}, ${serie}, 1)
          on conflict (empresa_id, modelo, serie)
          do update set ultimo_numero = fiscal_numeracao.ultimo_numero + 1, updated_at = now()
          returning ultimo_numero`,
    );
    return Number(l?.ultimo_numero);
  }

  /**
   * An NFC-e number, reserved by the same statement (fiscal_numero_reservado): the note's insert deletes the
   * reservation, so a number whose server died before storing its note is found and voided by the worker.
   */
  async reservarNumero(
    grupoEmpresarialId: string,
    empresaId: string,
    serie: number,
    vendaId: string | null,
  ): Promise<number> {
    const l = await consultarUm(
      this.db,
      sql`with n as (
            insert into fiscal_numeracao (grupo_empresarial_id, empresa_id, modelo, serie, ultimo_numero)
            values (${grupoEmpresarialId}, ${empresaId}, ${MODELO_NFCE}, ${serie}, 1)
            on conflict (empresa_id, modelo, serie)
            do update set ultimo_numero = fiscal_numeracao.ultimo_numero + 1, updated_at = now()
            returning ultimo_numero)
          insert into fiscal_numero_reservado (empresa_id, serie, numero, grupo_empresarial_id, venda_id)
          select ${empresaId}, ${serie}, ultimo_numero, ${grupoEmpresarialId}, ${vendaId} from n
          returning numero`,
    );
    return Number(l?.numero);
  }

  /**
   * The total time one sale end (or one enviaNFCE) waits for SEFAZ, all calls together: SEFAZ_TIMEOUT_MS
   * (10 s), or the test destination's timeoutMs.
   */
  async orcamentoSefazMs(): Promise<number> {
    // Without starting the local simulator: the worker asks at boot, before any note needs SEFAZ.
    return this.destino?.timeoutMs ?? lerOrcamentoSefaz(this.env);
  }

  /**
   * How long an issuer holds a sale (fiscal_emissao_trava) and an in-flight note before another server may
   * take over: twice the SEFAZ budget plus time to build, sign and store.
   */
  async arrendamentoMs(): Promise<number> {
    return 2 * (await this.orcamentoSefazMs()) + 5_000;
  }

  async ultimoNumero(empresaId: string, modelo: ModeloNumeracao, serie: number): Promise<number> {
    const l = await consultarUm(
      this.db,
      sql`select ultimo_numero from fiscal_numeracao where empresa_id = ${empresaId} and modelo = ${modelo} and serie = ${serie}`,
    );
    return l ? Number(l.ultimo_numero) : 0;
  }

  /** empresaNumeroNota: sets the last used number (never below a note already issued in the series). */
  async definirUltimoNumero(
    grupoEmpresarialId: string,
    empresaId: string,
    modelo: ModeloNumeracao,
    serie: number,
    ultimoNumero: number,
  ): Promise<void> {
    if (modelo === MODELO_NFCE) {
      const maior = await consultarUm(
        this.db,
        sql`select max(numero) as n from nfce where empresa_id = ${empresaId} and serie = ${serie}`,
      );
      const n = Number(maior?.n ?? 0);
      if (ultimoNumero < n) throw new ErroNegocio(MENSAGENS_FISCAL.numeroMenor(n));
    }
    await consultar(
      this.db,
      sql`insert into fiscal_numeracao (grupo_empresarial_id, empresa_id, modelo, serie, ultimo_numero)
          values (${grupoEmpresarialId}, ${empresaId}, ${modelo}, ${serie}, ${ultimoNumero})
          on conflict (empresa_id, modelo, serie) do update set ultimo_numero = excluded.ultimo_numero, updated_at = now()`,
    );
  }

  // ---------------------------------------------------------------- SEFAZ client

  async cliente(e: EmpresaFiscal, cert: CertificadoA1): Promise<ClienteSefaz> {
    if (!e.uf) throw new ErroNegocio(MENSAGENS_FISCAL.semUf);
    // A production store never goes to the simulator (issue 15 point 3).
    const destino = destinoDoAmbiente(await this.destinoSefaz(), e.tpAmb, () =>
      this.env.SEFAZ_CA ? lerCadeiaSefaz(this.env.SEFAZ_CA) : undefined,
    );
    const chave = `${e.uf}|${e.tpAmb}|${cert.certificadoBase64.slice(-32)}|${destino.url ?? ''}`;
    const existente = this.clientes.get(e.id);
    if (existente?.chave === chave) return existente.cliente;
    existente?.cliente.agente.destroy();
    const cliente = new ClienteSefaz({
      uf: e.uf,
      tpAmb: e.tpAmb,
      certificado: cert,
      timeoutMs: destino.timeoutMs ?? 10_000,
      ...(destino.url ? { urlBase: destino.url } : {}),
      ...(destino.ca ? { ca: destino.ca } : {}),
    });
    this.clientes.set(e.id, { chave, cliente });
    return cliente;
  }

  private fecharClientes(empresaId?: string): void {
    for (const [id, c] of this.clientes) {
      if (empresaId && id !== empresaId) continue;
      c.cliente.agente.destroy();
      this.clientes.delete(id);
    }
  }

  async fechar(): Promise<void> {
    this.fecharClientes();
    if (this.simulador) await (await this.simulador).fechar();
  }
}

export const ORCAMENTO_SEFAZ_PADRAO_MS = 10_000;

/** SEFAZ_TIMEOUT_MS: the total wait for SEFAZ per sale end (ms), default 10 s. */
export function lerOrcamentoSefaz(env: NodeJS.ProcessEnv): number {
  const bruto = env.SEFAZ_TIMEOUT_MS?.trim();
  if (!bruto) return ORCAMENTO_SEFAZ_PADRAO_MS;
  const n = Number(bruto);
  if (!Number.isInteger(n) || n < 100 || n > 600_000) {
    throw new Error(
      `SEFAZ_TIMEOUT_MS inválido: ${bruto} (milissegundos de espera pela SEFAZ por venda, de 100 a 600000).`,
    );
  }
  return n;
}

/**
 * Checks the fiscal settings when the server starts, so a missing or wrong one stops it with its message
 * instead of failing the first sale: the certificates' key (CHAVE_CERTIFICADOS), SEFAZ_TIMEOUT_MS, SEFAZ_URL
 * and the SEFAZ_CA file.
 */
export function validarConfiguracaoFiscal(env: NodeJS.ProcessEnv): Cofre {
  const cofre = Cofre.carregar(env);
  lerOrcamentoSefaz(env);
  if (env.SEFAZ_URL) {
    let url: URL | undefined;
    try {
      url = new URL(env.SEFAZ_URL);
    } catch {
      url = undefined;
    }
    if (url?.protocol !== 'https:') {
      throw new Error(`SEFAZ_URL inválida: ${env.SEFAZ_URL} (use https://host[:porta]).`);
    }
  }
  if (env.SEFAZ_CA) {
    try {
      lerCadeiaSefaz(env.SEFAZ_CA);
    } catch (erro) {
      throw new Error((erro as Error).message);
    }
  }
  return cofre;
}

/**
 * The trusted CAs for the real SEFAZ: Node's public roots plus every certificate of the `SEFAZ_CA` file (PEM
 * bundle, or one DER certificate as ITI distributes them). A missing or empty file stops the send with a
 * clear message instead of a TLS error per note.
 */
export function lerCadeiaSefaz(caminho: string): string[] {
  let bruto: Buffer;
  try {
    bruto = readFileSync(caminho);
  } catch {
    throw new ErroNegocio(`Arquivo da cadeia de certificados da SEFAZ (SEFAZ_CA) não encontrado: ${caminho}`);
  }
  const pem = bruto.toString('latin1').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  let proprios: string[];
  if (pem) proprios = pem;
  else {
    try {
      proprios = [new X509Certificate(bruto).toString()];
    } catch {
      throw new ErroNegocio(`O arquivo SEFAZ_CA (${caminho}) não contém certificados (PEM ou DER).`);
    }
  }
  return [...tls.rootCertificates, ...proprios];
}

export interface AtualizacaoConfiguracao {
  CRT?: 1 | 2 | 3;
  ambiente?: 1 | 2;
  serie?: number;
  tipoEmissao?: number;
  formatoDANFE?: number;
  consumidorFinal?: number;
  uf?: string;
  razaoSocial?: string | null;
  ie?: string | null;
  im?: string | null;
  cnae?: string | null;
  codigoMunicipio?: string | null;
  telefone?: string | null;
  cscId?: string | null;
  cscToken?: string | null;
  responsavelTecnico?: ResponsavelTecnicoConfig | null;
  ibsCbs?: ConfiguracaoIbsCbs | null;
  versaoQrCode?: 2 | 3 | null;
  limiteSemIdentificacao?: string | null;
  emitirNfce?: boolean;
  pagamentoIntegrado?: boolean;
}
