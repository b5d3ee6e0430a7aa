import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErroNegocio, falha } from '../lib/envelope.ts';
import { recusaDoBanco } from './entrada.ts';

const ehErroFastify = (e: unknown): e is FastifyError =>
  typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string';

// Spec section 8: business failures and bad input are HTTP 200 with `valido: false` and a pt-BR message;
// only transport faults (unknown route, body too large, server fault) use other statuses.
export function envelopeDeErros(app: FastifyInstance): void {
  app.setErrorHandler((erro, request, reply) => {
    if (erro instanceof ErroNegocio) return reply.status(200).send(falha(erro.message, erro.extra));
    if (hasZodFastifySchemaValidationErrors(erro)) {
      const detalhes = erro.validation.map((v) => {
        const caminho = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return caminho ? `${caminho}: ${v.message}` : String(v.message);
      });
      return reply.status(200).send(falha(`Dados inválidos. ${detalhes.join('; ')}`));
    }
    if (ehErroFastify(erro)) {
      switch (erro.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return reply.status(200).send(falha('JSON malformado: o corpo da requisição não pôde ser lido.'));
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return reply.status(200).send(falha('Tipo de conteúdo não suportado: envie application/json.'));
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return reply.status(413).send(falha('Requisição grande demais.'));
        case 'FST_ERR_VALIDATION':
          return reply.status(200).send(falha(`Dados inválidos. ${erro.message}`));
      }
      if (erro.statusCode && erro.statusCode >= 400 && erro.statusCode < 500) {
        return reply.status(erro.statusCode).send(falha(erro.message));
      }
    }
    // A value the database refused (out of a column's range, too many parameters): the client's input.
    const recusa = recusaDoBanco(erro);
    if (recusa) {
      request.log.warn({ err: erro }, 'valor recusado pelo banco de dados');
      return reply.status(200).send(falha(recusa));
    }
    request.log.error({ err: erro }, 'erro não tratado');
    return reply.status(500).send(falha('Erro Não Catalogado.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(falha(`Rota não encontrada: ${request.method} ${request.url.split('?')[0]}`));
  });
}
