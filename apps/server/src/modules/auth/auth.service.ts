import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  INTEIRO_MAXIMO,
  MENSAGENS_VALIDACAO,
  PERMISSAO,
  validarAutorizacaoUsuario,
} from '@retaguarda/domain';
import { MENSAGENS_LIBERACAO } from '@retaguarda/domain/validadores/liberacao-vinculo';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { type ServicoPermissoes, temPermissao } from '../usuarios/permissoes.service.ts';
import type { Correio } from './correio.ts';
import {
  LimiteTentativas,
  MENSAGEM_BLOQUEIO,
  ORCAMENTO_CONTA,
  ORCAMENTO_PEDINTE,
  ORCAMENTO_PIN,
  ORCAMENTO_RESET_CONTA,
  ORCAMENTO_RESET_IP,
} from './limite-tentativas.ts';
import type { Tokens } from './tokens.ts';

// argon2id (OWASP's minimum profile) over the SHA-256 hex the client sends: the typed password never travels.
const OPCOES_ARGON = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashSenha = (sha256Hex: string) => hash(sha256Hex.toLowerCase(), OPCOES_ARGON);
export const sha256Hex = (texto: string) => createHash('sha256').update(texto).digest('hex');

const MENSAGEM_CREDENCIAIS = 'Usuário ou senha inválidos.';
const VALIDADE_CHAVE_MS = 60 * 60 * 1000;

export interface UsuarioResumo {
  _id: string;
  nome: string;
  codigoInterno: number | null;
  email: string;
}

const resumo = (u: Linha): UsuarioResumo => ({
  _id: u.id as string,
  nome: u.nome as string,
  codigoInterno: u.codigo_interno as number | null,
  email: u.email as string,
});

export class ServicoAuth {
  private readonly limite: LimiteTentativas;
  private hashFalso: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly tokens: Tokens,
    private readonly correio: Correio,
    private readonly permissoes?: ServicoPermissoes,
    opcoes: { atrasoLoginMs?: number | undefined } = {},
  ) {
    this.limite = new LimiteTentativas(db, opcoes.atrasoLoginMs);
  }

  /** A user of the group by e-mail, internal code or id (spec 1 section 5 "User authorisation"). */
  async buscarUsuario(
    grupoEmpresarialId: string,
    identificador: string | number,
  ): Promise<Linha | undefined> {
    const r = validarAutorizacaoUsuario({ identificador }, { exigirSenha: false });
    if (!r.valido) throw new ErroNegocio(r.mensagem);
    const { tipo, valor } = r.identificador;
    // An internal code past the integer column (a 12-digit number typed as the login) is nobody's: asked to
    // the database it would be a value error, not "not found" (issue 14 point 8).
    if (tipo === 'codigoInterno' && valor > INTEIRO_MAXIMO) return undefined;
    const condicao =
      tipo === 'email'
        ? sql`lower(email) = ${valor}`
        : tipo === 'codigoInterno'
          ? sql`codigo_interno = ${valor}`
          : sql`id = ${valor}`;
    return consultarUm(
      this.db,
      sql`select * from usuario where grupo_empresarial_id = ${grupoEmpresarialId} and lixo = false and ${condicao}`,
    );
  }

  /**
   * Checks login + password (SHA-256 hex) of an active user; the same answer whether the user or the password
   * is wrong. Budgets (issue 14 point 1): per account (the user found, so `88`, `088` and the e-mail share
   * one), per address (slowed, never locked), and for the operational password of a release (`pedinte`:
   * the user asking) per supervisor and per asker; a supervisor locked by wrong PINs is reported to the admins.
   */
  async verificarCredenciais(
    grupoEmpresarialId: string,
    login: string,
    senha: string,
    ip: string,
    campoSenha: 'senha_hash' | 'senha_operacional_hash' | 'qualquer' = 'senha_hash',
    pedinte?: string,
  ): Promise<Linha> {
    await this.limite.atrasar(ip);
    if (pedinte && (await this.limite.bloqueado(`pedinte:${pedinte}`))) {
      throw new ErroNegocio(MENSAGENS_LIBERACAO.pedinteBloqueado);
    }
    const usuario = await this.buscarUsuario(grupoEmpresarialId, login);
    const chaveConta = usuario ? `${pedinte ? 'pin' : 'conta'}:${usuario.id as string}` : undefined;
    if (chaveConta && (await this.limite.bloqueado(chaveConta))) {
      throw new ErroNegocio(pedinte ? MENSAGENS_LIBERACAO.pinBloqueado : MENSAGEM_BLOQUEIO);
    }
    const senhaNormalizada = senha.toLowerCase();
    let confere = false;
    if (usuario && usuario.ativo !== false) {
      const hashes =
        campoSenha === 'qualquer'
          ? [usuario.senha_operacional_hash, usuario.senha_hash]
          : [usuario[campoSenha]];
      for (const h of hashes) {
        if (typeof h === 'string' && h && (await verify(h, senhaNormalizada))) confere = true;
      }
    } else {
      // Same work as a real check, so response time does not reveal which accounts exist.
      this.hashFalso ??= hashSenha(sha256Hex(randomBytes(8).toString('hex')));
      await verify(await this.hashFalso, senhaNormalizada);
    }
    if (!usuario || !confere) {
      await this.limite.falhouIp(ip);
      if (pedinte) await this.limite.falhou(`pedinte:${pedinte}`, ORCAMENTO_PEDINTE);
      if (chaveConta && usuario) {
        const bloqueou = await this.limite.falhou(chaveConta, pedinte ? ORCAMENTO_PIN : ORCAMENTO_CONTA);
        if (bloqueou && pedinte) await this.avisarPinBloqueado(grupoEmpresarialId, usuario, pedinte);
        if (bloqueou) throw new ErroNegocio(pedinte ? MENSAGENS_LIBERACAO.pinBloqueado : MENSAGEM_BLOQUEIO);
      }
      throw new ErroNegocio(MENSAGEM_CREDENCIAIS);
    }
    if (chaveConta) await this.limite.sucesso(chaveConta);
    return usuario;
  }

  /** Tells the group's administrators (outbox e-mail) that a supervisor's release was locked by wrong PINs. */
  private async avisarPinBloqueado(grupo: string, supervisor: Linha, pedinte: string): Promise<void> {
    const quem = await consultarUm(this.db, sql`select nome from usuario where id = ${pedinte}`);
    const candidatos = await consultar(
      this.db,
      sql`select id, email from usuario where grupo_empresarial_id = ${grupo} and lixo = false and ativo is not false`,
    );
    for (const u of candidatos) {
      const p = this.permissoes ? await this.permissoes.doUsuario(grupo, u.id as string) : undefined;
      if (!p || !temPermissao(p, PERMISSAO.usuariosAcessar) || !u.email) continue;
      await this.correio.enviar(grupo, {
        para: u.email as string,
        assunto: 'Retaguarda - Liberação de supervisor bloqueada',
        corpo: `A liberação de supervisor de ${supervisor.nome as string} foi bloqueada após várias senhas erradas, pedidas pelo usuário ${(quem?.nome as string | undefined) ?? pedinte}. Verifique se alguém está tentando adivinhar a senha operacional.`,
      });
    }
  }

  /**
   * The group a login or a password reset names: its short code (what staff type when the list is hidden,
   * LISTA_GRUPOS_PUBLICA=false) or its id (the public list, and devices that remembered the id before the code).
   */
  async grupoDoAcesso(codigoOuId: string): Promise<Linha | undefined> {
    const texto = codigoOuId.trim();
    const condicao = /^\d{1,9}$/.test(texto)
      ? sql`codigo = ${Number(texto)}`
      : /^[0-9a-f]{24}$/.test(texto)
        ? sql`id = ${texto}`
        : sql`false`;
    return consultarUm(
      this.db,
      sql`select id, descricao, codigo, configuracoes from grupo_empresarial where ${condicao} and lixo = false`,
    );
  }

  async login(entrada: { email: string; senha: string; grupoEmpresarial?: string | undefined }, ip: string) {
    if (!entrada.grupoEmpresarial) throw new ErroNegocio(MENSAGENS_VALIDACAO.grupoEmpresarialNaoInformado);
    const grupo = await this.grupoDoAcesso(entrada.grupoEmpresarial);
    // A code of no group is answered as a wrong password, after the same work (the user looked up, a password
    // hash checked, the address's failure counted): neither the text nor the time tells which codes exist.
    const usuario = await this.verificarCredenciais(
      (grupo?.id as string | undefined) ?? '',
      entrada.email,
      entrada.senha,
      ip,
    );
    if (!grupo) throw new ErroNegocio(MENSAGEM_CREDENCIAIS);
    const { token, expiraEm } = await this.tokens.emitir({
      usuarioId: usuario.id as string,
      grupoEmpresarialId: grupo.id as string,
    });
    return {
      token,
      expiraEm,
      usuario: resumo(usuario),
      grupoEmpresarial: {
        _id: grupo.id,
        descricao: grupo.descricao,
        codigo: grupo.codigo,
        configuracoes: publicas(grupo.configuracoes),
      },
    };
  }

  async gruposEmpresariais(): Promise<Linha[]> {
    const linhas = await consultar(
      this.db,
      sql`select id, descricao, configuracoes from grupo_empresarial where lixo = false order by descricao`,
    );
    return linhas.map((g) => ({
      _id: g.id,
      descricao: g.descricao,
      configuracoes: publicas(g.configuracoes),
    }));
  }

  /**
   * Password recovery: e-mails a one-time key (valid 1 h). The answer is the same whether the e-mail exists
   * or not, so the form cannot be used to discover accounts.
   */
  async recuperarSenha(email: string, codigoOuId: string, origem: string, ip = ''): Promise<string> {
    if (!codigoOuId) throw new ErroNegocio(MENSAGENS_VALIDACAO.grupoEmpresarialNaoInformado);
    // The group's code or id; a code of no group looks for the user in none (the same answer, the same work).
    const grupoEmpresarialId = ((await this.grupoDoAcesso(codigoOuId))?.id as string | undefined) ?? '';
    const resposta = 'Se o e-mail estiver cadastrado, enviamos as instruções para criar uma nova senha.';
    // Rate-limited per address and per account, silently: the answer never tells what happened.
    if (!(await this.limite.consumir(`reset-ip:${ip}`, ORCAMENTO_RESET_IP))) return resposta;
    const usuario = email.includes('@') ? await this.buscarUsuario(grupoEmpresarialId, email) : undefined;
    if (usuario && (await this.limite.consumir(`reset:${usuario.id as string}`, ORCAMENTO_RESET_CONTA))) {
      const chave = randomBytes(24).toString('base64url');
      await consultar(
        this.db,
        sql`insert into senha_recuperacao (id, grupo_empresarial_id, usuario_id, chave_hash, expira_em)
            values (${novoId()}, ${grupoEmpresarialId}, ${usuario.id as string}, ${sha256Hex(chave)},
                    ${new Date(Date.now() + VALIDADE_CHAVE_MS).toISOString()})`,
      );
      const link = `${origem}/#/alterarSenha/${chave}`;
      await this.correio.enviar(grupoEmpresarialId, {
        para: usuario.email as string,
        assunto: 'Retaguarda - Recuperação de senha',
        corpo: `Olá, ${usuario.nome as string}.\n\nPara criar uma nova senha acesse:\n${link}\n\nO link vale por 1 hora e pode ser usado uma única vez. Se você não pediu, ignore esta mensagem.`,
      });
    }
    return resposta;
  }

  private async chaveValida(chave: string): Promise<Linha> {
    const linha =
      typeof chave === 'string' && chave.length >= 16 && chave.length <= 200
        ? await consultarUm(
            this.db,
            sql`select * from senha_recuperacao where chave_hash = ${sha256Hex(chave)}`,
          )
        : undefined;
    if (!linha) throw new ErroNegocio('Chave de alteração de senha inválida.');
    if (linha.usada_em) throw new ErroNegocio('Chave de alteração de senha já utilizada.');
    if (new Date(linha.expira_em as string).getTime() < Date.now()) {
      throw new ErroNegocio('Chave de alteração de senha expirada. Solicite uma nova recuperação de senha.');
    }
    return linha;
  }

  async validaAlterarSenha(chave: string): Promise<{ usuarioId: string }> {
    const linha = await this.chaveValida(chave);
    return { usuarioId: linha.usuario_id as string };
  }

  async alterarSenha(chave: string, senhaSha256: string): Promise<void> {
    const linha = await this.chaveValida(chave);
    const novoHash = await hashSenha(senhaSha256);
    // The key is spent in the same statement that checks it, so two concurrent uses cannot both succeed.
    const usada = await consultarUm(
      this.db,
      sql`update senha_recuperacao set usada_em = now() where id = ${linha.id as string} and usada_em is null returning id`,
    );
    if (!usada) throw new ErroNegocio('Chave de alteração de senha já utilizada.');
    await consultar(
      this.db,
      sql`update usuario set senha_hash = ${novoHash}, updated_at = now() where id = ${linha.usuario_id as string}`,
    );
    // Whoever knew the old password loses the sessions opened with it.
    await this.tokens.revogarUsuario(linha.usuario_id as string);
  }
}

/** Group settings a client may see (never the SMTP password). */
function publicas(configuracoes: unknown): Linha {
  if (typeof configuracoes !== 'object' || configuracoes === null) return {};
  const { configuracoesEmail: _oculto, ...resto } = configuracoes as Linha;
  return resto;
}
