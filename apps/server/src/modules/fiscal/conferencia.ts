// Issue 15 point 7: nothing spends a number before it can be sent. The note is built with a provisional number,
// signed and checked against the official XSD before the real number is taken; every failure becomes the plain
// reason and the fix in pt-BR (never 'Erro Não Catalogado'). decision 0009.
import {
  type CertificadoA1,
  conferirNfceNoXsd,
  type DadosNfce,
  ErroMontagemNfce,
  gerarNfce,
} from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import { consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { inutilizarNumeros } from './eventos.ts';
import type { ServicoFiscal } from './fiscal.service.ts';

export const MENSAGENS_CONFERENCIA = {
  /** designed: what a person reads when the note would be refused; the number was not used. */
  recusada: (motivos: readonly string[]) =>
    `A NFC-e não foi emitida e nenhum número foi usado. ${motivos.slice(0, 5).join(' ')}`,
  montagem: (motivo: string) =>
    `A NFC-e não foi emitida e nenhum número foi usado: ${motivo.replace(/\.$/, '')}. Confira o cadastro e a ` +
    'configuração de imposto dos produtos da venda e a configuração fiscal da empresa.',
} as const;

/** Builds, signs and validates the note of `dados` (any number); throws ErroNegocio with the fix when it would fail. */
export async function conferirNotaAntesDoNumero(dados: DadosNfce, cert: CertificadoA1): Promise<void> {
  let xml: string;
  try {
    xml = gerarNfce(dados, cert).xml;
  } catch (erro) {
    if (erro instanceof ErroNegocio) throw erro;
    // The builder's own refusals (totals, consumer limit, CFOP...) are already the reason and the fix.
    if (erro instanceof ErroMontagemNfce) throw new ErroNegocio(erro.message);
    throw new ErroNegocio(MENSAGENS_CONFERENCIA.montagem((erro as Error).message));
  }
  const motivos = await conferirNfceNoXsd(
    xml,
    dados.itens.map((i) => i.xProd),
  );
  if (motivos.length > 0) throw new ErroNegocio(MENSAGENS_CONFERENCIA.recusada(motivos));
}

// Rejections that say nothing about the note itself (SEFAZ busy or broken): the same XML may pass later.
const REJEICOES_PASSAGEIRAS = new Set([108, 109, 656, 999]);

export const avisoInutilizada = (numero: number, cStat: number, protocolo: string) =>
  `Número ${numero} inutilizado automaticamente (protocolo ${protocolo}): a nota rejeitada pela SEFAZ (${cStat}) ` +
  'não pode ser enviada de novo. Corrija o motivo acima e emita a NFC-e da venda outra vez (novo número).';
/** The start of the warning of a failed automatic voiding: the worker looks for it to try again. */
export const PREFIXO_INUTILIZACAO_PENDENTE = 'A nota rejeitada não pode ser enviada de novo e o número';
export const avisoInutilizacaoPendente = (numero: number, motivo: string) =>
  `${PREFIXO_INUTILIZACAO_PENDENTE} ${numero} ainda não foi inutilizado (${motivo}): ` +
  'o sistema tenta de novo a cada rodada da fila; se preferir, inutilize-o em Fiscal > Inutilizar números.';

export const mensagemNumeroInutilizado = (numero: number, protocolo: string) =>
  `O número ${numero} desta NFC-e foi inutilizado (protocolo ${protocolo}): a nota não pode ser reenviada. ` +
  'Emita a NFC-e da venda de novo (novo número).';

/** The successful inutilização covering a stored note's number, if any. */
async function inutilizacaoDoNumero(fiscal: ServicoFiscal, l: Linha): Promise<Linha | undefined> {
  return consultarUm(
    fiscal.db,
    sql`select protocolo from fiscal_evento
        where empresa_id = ${l.empresa_id as string} and tipo = 'inutilizacao' and sucesso
          and (dados->>'serie')::int = ${Number(l.serie)}
          and ${Number(l.numero)} between (dados->>'numeroInicial')::int and (dados->>'numeroFinal')::int
        limit 1`,
  );
}

/** A resend of a note whose number was voided would be refused by SEFAZ (206): say so and what to do. */
export async function exigirNumeroNaoInutilizado(fiscal: ServicoFiscal, l: Linha): Promise<void> {
  const ev = await inutilizacaoDoNumero(fiscal, l);
  if (ev) throw new ErroNegocio(mensagemNumeroInutilizado(Number(l.numero), String(ev.protocolo ?? '')));
}

/**
 * A note SEFAZ rejected for its content can never be sent (a resend is the same signed XML): its number is voided
 * at once (inutilização) and the row says so in `aviso`, which the notes list shows. Rejections of a busy SEFAZ
 * (108, 109, 656, 999) keep the number for a resend. Returns the row as stored.
 */
export async function inutilizarSeNuncaEnviavel(
  fiscal: ServicoFiscal,
  l: Linha,
  cStat: number,
): Promise<Linha> {
  if (REJEICOES_PASSAGEIRAS.has(cStat) || l.status_nota !== 'erro') return l;
  if (await inutilizacaoDoNumero(fiscal, l)) return l;
  const numero = Number(l.numero);
  let aviso: string;
  try {
    const r = await inutilizarNumeros(fiscal, {
      grupoEmpresarialId: l.grupo_empresarial_id as string,
      empresaId: l.empresa_id as string,
      serie: Number(l.serie),
      numeroInicial: numero,
      numeroFinal: numero,
      justificativa: `NFC-e rejeitada pela SEFAZ (${cStat}); numero inutilizado automaticamente`,
      usuarioId: null,
    });
    aviso = avisoInutilizada(numero, cStat, r.protocolo);
  } catch (erro) {
    fiscal.log.error({ err: erro, nfce: l.id }, 'inutilização automática falhou');
    aviso = avisoInutilizacaoPendente(numero, (erro as Error).message);
  }
  const atualizada = await consultarUm(
    fiscal.db,
    sql`update nfce set aviso = ${aviso}, updated_at = now() where id = ${l.id as string} returning *`,
  );
  return atualizada ?? l;
}

/** designed (issue 15 point 8): the CSC as the SEFAZ portal shows it (Código de Segurança do Contribuinte). */
export const MENSAGENS_CSC = {
  id: 'Id do CSC inválido: informe o número de identificação do CSC (1 a 6 dígitos, ex.: 000001), como aparece no portal da SEFAZ.',
  token:
    'CSC inválido: informe o Código de Segurança do Contribuinte (16 a 36 letras e números, sem espaços) exatamente como aparece no portal da SEFAZ.',
} as const;
