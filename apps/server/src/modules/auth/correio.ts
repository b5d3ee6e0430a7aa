import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';

/** SMTP settings of a business group (spec 1 section 7, testeEnvioEmail). */
export interface ConfiguracoesEmail {
  emailHostSmtp?: string;
  emailPort?: number;
  emailService?: string;
  emailSecure?: boolean;
  emailUser?: string;
  emailPass?: string;
  emailFrom?: string;
}

export interface Mensagem {
  para: string;
  assunto: string;
  corpo: string;
}

function transporte(c: ConfiguracoesEmail) {
  return nodemailer.createTransport({
    host: c.emailHostSmtp,
    port: c.emailPort ?? 587,
    secure: c.emailSecure ?? false,
    ...(c.emailService ? { service: c.emailService } : {}),
    ...(c.emailUser ? { auth: { user: c.emailUser, pass: c.emailPass ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  });
}

/**
 * Every message is first written to the outbox table; then sent through the group's SMTP when configured.
 * Without SMTP it stays there (situacao 'sem_smtp') and an administrator reads it in the back-office.
 */
export class Correio {
  constructor(private readonly db: Db) {}

  async enviar(grupoEmpresarialId: string, m: Mensagem): Promise<void> {
    const id = novoId();
    const grupo = await consultarUm(
      this.db,
      sql`select configuracoes from grupo_empresarial where id = ${grupoEmpresarialId}`,
    );
    const c = (grupo?.configuracoes as { configuracoesEmail?: ConfiguracoesEmail } | null)
      ?.configuracoesEmail;
    const temSmtp = Boolean(c?.emailHostSmtp || c?.emailService);
    await consultar(
      this.db,
      sql`insert into email_saida (id, grupo_empresarial_id, para, assunto, corpo, situacao)
          values (${id}, ${grupoEmpresarialId}, ${m.para}, ${m.assunto}, ${m.corpo}, ${temSmtp ? 'pendente' : 'sem_smtp'})`,
    );
    if (!temSmtp || !c) return;
    try {
      await transporte(c).sendMail({
        from: c.emailFrom ?? c.emailUser,
        to: m.para,
        subject: m.assunto,
        text: m.corpo,
      });
      await consultar(
        this.db,
        sql`update email_saida set situacao = 'enviado', enviado_em = now(), tentativas = tentativas + 1 where id = ${id}`,
      );
    } catch (erro) {
      await consultar(
        this.db,
        sql`update email_saida set situacao = 'erro', erro = ${String(erro)}, tentativas = tentativas + 1 where id = ${id}`,
      );
    }
  }

  /** testeEnvioEmail: sends a test message with the settings being edited (not yet saved). */
  async testar(destino: string, c: ConfiguracoesEmail): Promise<string> {
    if (!c.emailHostSmtp && !c.emailService) throw new ErroNegocio('Servidor SMTP não informado.');
    try {
      await transporte(c).sendMail({
        from: c.emailFrom ?? c.emailUser,
        to: destino,
        subject: 'Retaguarda - Teste de envio de e-mail',
        text: 'Este é um e-mail de teste enviado pela Retaguarda. As configurações de e-mail estão corretas.',
      });
    } catch (erro) {
      throw new ErroNegocio(
        `Falha ao enviar e-mail de teste: ${erro instanceof Error ? erro.message : String(erro)}`,
      );
    }
    return `E-mail de teste enviado para ${destino}.`;
  }

  async caixaDeSaida(grupoEmpresarialId: string, limite = 100) {
    return consultar(
      this.db,
      sql`select id as "_id", para, assunto, corpo, situacao, erro, enviado_em as "enviadoEm", created_at
          from email_saida where grupo_empresarial_id = ${grupoEmpresarialId} order by created_at desc limit ${limite}`,
    );
  }
}
