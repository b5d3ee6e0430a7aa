// Fiscal events: cancellation (110111) and inutilização of skipped numbers. A note is marked cancelled only
// after SEFAZ accepts (spec 4); every attempt, accepted or refused, is recorded in fiscal_evento.
import {
  cancelarNfce,
  ErroComunicacao,
  ErroEvento,
  ErroInutilizacao,
  formatarDataHora,
  fusoDaUf,
  inutilizarNumeracao,
  MENSAGEM_CANCELAMENTO_RECUSADO,
  MENSAGEM_JUSTIFICATIVA_CURTA,
  type ResultadoCancelamento,
  type ResultadoInutilizacao,
} from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import { consultar, consultarUm } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { notificarNfce, registroNfce } from './emissao.ts';
import { MODELO_NFCE, type ServicoFiscal } from './fiscal.service.ts';

export const MENSAGENS_EVENTOS = {
  justificativaCurta: MENSAGEM_JUSTIFICATIVA_CURTA,
  naoEncontrada: 'NFC-e não encontrada!',
  jaCancelada: 'NFC-e já está cancelada.',
  naoAutorizada: 'Somente NFC-e autorizada pode ser cancelada.',
  recusado: MENSAGEM_CANCELAMENTO_RECUSADO,
  faixaComNotas: (n: number) =>
    `A faixa informada contém a nota nº ${n} emitida pelo sistema; somente números não utilizados podem ser inutilizados.`,
} as const;

export interface PedidoCancelamento {
  grupoEmpresarialId: string;
  empresaId: string | undefined;
  chave: string;
  protocolo?: string | undefined;
  motivo: string;
  usuarioId: string;
  supervisorId: string | null;
}

export async function cancelarNota(fiscal: ServicoFiscal, p: PedidoCancelamento) {
  const motivo = p.motivo.trim();
  if (motivo.length < 15) throw new ErroNegocio(MENSAGENS_EVENTOS.justificativaCurta);
  const l = await consultarUm(
    fiscal.db,
    sql`select * from nfce where grupo_empresarial_id = ${p.grupoEmpresarialId} and chave = ${p.chave}
          ${p.empresaId ? sql`and empresa_id = ${p.empresaId}` : sql``}`,
  );
  if (!l) throw new ErroNegocio(MENSAGENS_EVENTOS.naoEncontrada);
  if (l.cancelado === true) throw new ErroNegocio(MENSAGENS_EVENTOS.jaCancelada);
  const nProt = (l.protocolo_recebimento as string | null) ?? p.protocolo ?? null;
  if (l.status_nota !== 'processado' || !nProt) throw new ErroNegocio(MENSAGENS_EVENTOS.naoAutorizada);
  const empresaId = l.empresa_id as string;
  const e = await fiscal.empresaFiscal(p.grupoEmpresarialId, empresaId);
  const cert = await fiscal.certificado(e);
  let r: ResultadoCancelamento;
  try {
    r = await cancelarNfce(
      await fiscal.cliente(e, cert),
      {
        chave: p.chave,
        nProt,
        xJust: motivo,
        tpAmb: Number(l.tp_amb) === 1 ? 1 : 2,
        dhEvento: fiscal.tempo.agora(),
        fuso: fusoDaUf(e.uf, e.codigoMunicipio),
      },
      cert,
    );
  } catch (erro) {
    if (erro instanceof ErroEvento) throw new ErroNegocio(erro.message);
    if (erro instanceof ErroComunicacao) {
      throw new ErroNegocio(`Falha ao enviar a nota, ${erro.message}: ${MENSAGENS_EVENTOS.recusado}`);
    }
    throw erro;
  }
  await consultar(
    fiscal.db,
    sql`insert into fiscal_evento (id, grupo_empresarial_id, empresa_id, nfce_id, tipo, sucesso, c_stat, x_motivo,
          protocolo, dados, xml, usuario_id, supervisor_id)
        values (${novoId()}, ${p.grupoEmpresarialId}, ${empresaId}, ${l.id as string}, 'cancelamento',
          ${r.situacao === 'cancelada'}, ${r.cStat}, ${r.xMotivo}, ${r.situacao === 'cancelada' ? r.nProt : null},
          ${JSON.stringify({ chave: p.chave, motivo })}::jsonb, ${r.situacao === 'cancelada' ? r.xmlProcEvento : null},
          ${p.usuarioId}, ${p.supervisorId})`,
  );
  if (r.situacao !== 'cancelada') throw new ErroNegocio(r.mensagem, { cStat: r.cStat, xMotivo: r.xMotivo });
  const cancelamento = {
    protocolo: r.nProt,
    dataHora: r.dhRegEvento,
    motivo,
    cStat: r.cStat,
    xMotivo: r.xMotivo,
    usuario: p.usuarioId,
    supervisor: p.supervisorId,
  };
  const atualizada = await consultarUm(
    fiscal.db,
    sql`update nfce set cancelado = true, cancelamento = ${JSON.stringify({ ...cancelamento, xml: r.xmlProcEvento })}::jsonb,
          updated_at = now() where id = ${l.id as string} returning *`,
  );
  if (!atualizada) throw new Error('nfce sumiu');
  notificarNfce(fiscal, atualizada);
  return { nfce: registroNfce(atualizada), cancelamento };
}

export interface PedidoInutilizacao {
  grupoEmpresarialId: string;
  empresaId: string;
  serie?: number | undefined;
  numeroInicial: number;
  numeroFinal: number;
  ano?: number | undefined;
  justificativa: string;
  /** null: voided automatically by the server (a rejected note's number). */
  usuarioId: string | null;
}

export async function inutilizarNumeros(fiscal: ServicoFiscal, p: PedidoInutilizacao) {
  const e = await fiscal.empresaFiscal(p.grupoEmpresarialId, p.empresaId);
  const serie = p.serie ?? e.serie;
  const usada = await consultarUm(
    fiscal.db,
    sql`select numero from nfce where empresa_id = ${p.empresaId} and serie = ${serie}
          and numero between ${p.numeroInicial} and ${p.numeroFinal}
          and (status_nota in ('processado', 'contingencia') or c_stat in (204, 539)) order by numero limit 1`,
  );
  if (usada) throw new ErroNegocio(MENSAGENS_EVENTOS.faixaComNotas(Number(usada.numero)));
  if (!e.cnpj) throw new ErroNegocio('CNPJ da empresa não informado.');
  if (!e.uf) throw new ErroNegocio('UF da empresa não informada.');
  const cert = await fiscal.certificado(e);
  const agora = fiscal.tempo.agora();
  const ano = p.ano ?? Number(formatarDataHora(agora, fusoDaUf(e.uf, e.codigoMunicipio)).slice(0, 4));
  let r: ResultadoInutilizacao;
  try {
    r = await inutilizarNumeracao(
      await fiscal.cliente(e, cert),
      {
        uf: e.uf,
        tpAmb: e.tpAmb,
        ano,
        cnpj: e.cnpj,
        modelo: 65,
        serie,
        nNFIni: p.numeroInicial,
        nNFFin: p.numeroFinal,
        xJust: p.justificativa,
        agora,
      },
      cert,
    );
  } catch (erro) {
    // Year rules 453/454 and range 224 are checked before sending, with SEFAZ's own texts.
    if (erro instanceof ErroInutilizacao) {
      throw new ErroNegocio(erro.cStat ? `${erro.cStat} - ${erro.message}` : erro.message, {
        cStat: erro.cStat,
      });
    }
    if (erro instanceof ErroComunicacao) throw new ErroNegocio(`Falha ao enviar a nota, ${erro.message}`);
    throw erro;
  }
  await consultar(
    fiscal.db,
    sql`insert into fiscal_evento (id, grupo_empresarial_id, empresa_id, tipo, sucesso, c_stat, x_motivo, protocolo, dados,
          xml, usuario_id)
        values (${novoId()}, ${p.grupoEmpresarialId}, ${p.empresaId}, 'inutilizacao', ${r.situacao === 'inutilizada'},
          ${r.cStat}, ${r.xMotivo}, ${r.situacao === 'inutilizada' ? r.nProt : null},
          ${JSON.stringify({ modelo: MODELO_NFCE, serie, ano, numeroInicial: p.numeroInicial, numeroFinal: p.numeroFinal, justificativa: p.justificativa })}::jsonb,
          ${r.situacao === 'inutilizada' ? r.xmlProc : null}, ${p.usuarioId})`,
  );
  if (r.situacao !== 'inutilizada') throw new ErroNegocio(r.mensagem, { cStat: r.cStat });
  return {
    cStat: r.cStat,
    xMotivo: r.xMotivo,
    protocolo: r.nProt,
    serie,
    ano,
    numeroInicial: p.numeroInicial,
    numeroFinal: p.numeroFinal,
  };
}
