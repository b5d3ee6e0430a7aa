import { erroZodPtBr, MENSAGENS_ENTRADA, recursos, textoInseguroEm } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { codigoErroPg } from '../db/consultar.ts';
import { ErroNegocio } from '../lib/envelope.ts';
import { rotuloDoCaminho } from '../modules/recursos/validacao.ts';

// Issue 14 point 8: bad input never reaches the database as a fault. Three nets, widest last:
// 1. zod speaks pt-BR for the schemas that give no message of their own;
// 2. every route refuses a text PostgreSQL cannot store (NUL byte, broken Unicode) anywhere in its body,
//    query or path, naming the field, before its handler runs;
// 3. a data error the database still raises (a value out of a column's range, a statement with too many
//    parameters) is answered as a pt-BR refusal, never as 'Erro Não Catalogado.' with a 500.

/** A body path as the user knows it: the labels of a generic resource's fields ('Descrição'), else the path. */
function nomeDoCampo(request: FastifyRequest, caminho: string): string {
  const tabela = (request.params as { tabela?: unknown } | undefined)?.tabela;
  const def = typeof tabela === 'string' ? recursos.recursoPorTabela(tabela) : undefined;
  return def ? rotuloDoCaminho(def, caminho) : caminho;
}

export function entradaSegura(app: FastifyInstance): void {
  z.config({ customError: erroZodPtBr });
  app.addHook('preValidation', (request, _reply, pronto) => {
    for (const [parte, valor] of [
      ['corpo', request.body],
      ['consulta', request.query],
      ['caminho', request.params],
    ] as const) {
      const achado = textoInseguroEm(valor);
      if (!achado) continue;
      const campo = parte === 'corpo' ? nomeDoCampo(request, achado.caminho) : achado.caminho;
      pronto(new ErroNegocio(campo ? `${campo}: ${achado.mensagem}` : achado.mensagem));
      return;
    }
    pronto();
  });
}

const MENSAGENS_BANCO: Record<string, string> = {
  '22001': 'Texto longo demais para o campo.',
  '22003': 'Valor fora do limite aceito pelo campo.',
  '22007': MENSAGENS_ENTRADA.data,
  '22008': MENSAGENS_ENTRADA.data,
  '22021': MENSAGENS_ENTRADA.textoNulo,
  '22P05': MENSAGENS_ENTRADA.textoNulo,
  '22P02': 'Valor inválido para o tipo do campo.',
};
const CONSULTA_GRANDE = 'Consulta grande demais: envie menos valores por vez.';

/**
 * The pt-BR refusal for an error the database raised because of a value it was sent (SQLSTATE class 22,
 * data exception; class 54, program limit), or for the drivers' own parameter limit; undefined for any
 * other fault, which stays a 500.
 */
export function recusaDoBanco(erro: unknown): string | undefined {
  const codigo = codigoErroPg(erro);
  if (codigo?.startsWith('22'))
    return MENSAGENS_BANCO[codigo] ?? 'Valor inválido: o banco de dados o recusou.';
  if (codigo?.startsWith('54') || codigo === '08P01') return CONSULTA_GRANDE;
  return undefined;
}
