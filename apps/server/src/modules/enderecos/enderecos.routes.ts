import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import { ClienteCep } from './cep.client.ts';
import { servicoGeocodificacao } from './geocodificacao.ts';

const texto = (max: number) => z.string().max(max).nullish();
export const enderecoEntrada = z.object({
  logradouro: texto(150),
  numero: texto(20),
  bairro: texto(100),
  cidade: texto(100),
  uf: texto(2),
  cep: texto(10),
  pais: texto(60),
});
const localizacao = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

export async function rotasEnderecos(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cliente = new ClienteCep(app.servicos.config.cepUrl);
  const mapas = servicoGeocodificacao(app);

  // Spec 1 section 7: postal-code lookup by 8-digit code (bairro, localidade, uf, logradouro, erro).
  r.get(
    '/api/cep/:cep',
    { schema: { tags: ['enderecos'], params: z.object({ cep: z.string().max(20) }) } },
    async (request) => ok(await cliente.buscar(request.params.cep)),
  );

  // Spec 1 section 7 "a maps geocoding service (by address)", with the acceptance rules of section 8.
  r.post(
    '/api/enderecos/geocodificar',
    { schema: { tags: ['enderecos'], body: z.object({ endereco: enderecoEntrada }) } },
    async (request) =>
      ok(
        await mapas.localizar(
          sessaoDe(request).grupoEmpresarialId,
          empresaDoContexto(request),
          request.body.endereco,
        ),
      ),
  );

  // Spec 1 section 7: api/distanciaGoogle {localizacaoA, localizacaoB, keyApi} -> rows/elements with the
  // distance (text and value in metres) and status, as the Distance Matrix answers.
  r.post(
    '/api/distanciaGoogle',
    {
      schema: {
        tags: ['enderecos'],
        body: z.object({ localizacaoA: localizacao, localizacaoB: localizacao, keyApi: texto(200) }),
      },
    },
    async (request) => {
      const { localizacaoA, localizacaoB, keyApi } = request.body;
      const s = sessaoDe(request);
      const empresa = empresaDoContexto(request);
      const d = await mapas.distancia(s.grupoEmpresarialId, empresa, localizacaoA, localizacaoB, keyApi);
      return ok({
        status: d ? 'OK' : 'ZERO_RESULTS',
        rows: [
          {
            elements: [
              d ? { status: 'OK', distance: { text: d.texto, value: d.metros } } : { status: 'ZERO_RESULTS' },
            ],
          },
        ],
      });
    },
  );
}
