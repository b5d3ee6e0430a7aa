import fs from 'node:fs';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Banco } from './db/client.ts';
import { erroParaLog } from './lib/erro-sem-sql.ts';
import { type Tempo, tempoReal } from './lib/tempo.ts';
import { rotasArmazenamento } from './modules/armazenamento/armazenamento.routes.ts';
import { rotasAuth } from './modules/auth/auth.routes.ts';
import { ServicoAuth } from './modules/auth/auth.service.ts';
import { Correio } from './modules/auth/correio.ts';
import { ServicoLiberacoes } from './modules/auth/liberacoes.ts';
import { carregarSegredo, Tokens } from './modules/auth/tokens.ts';
import { rotasBalanca } from './modules/balanca/balanca.routes.ts';
import { rotasCaixa } from './modules/caixa/caixa.routes.ts';
import { rotasCallCenter } from './modules/call-center/call-center.routes.ts';
import { moduloDeliveryApps } from './modules/delivery-apps/delivery-apps.routes.ts';
import { rotasEnderecos } from './modules/enderecos/enderecos.routes.ts';
import { moduloEstoque } from './modules/estoque/estoque.routes.ts';
import { rotasProducao } from './modules/estoque/producao.routes.ts';
import { rotasRelatoriosEstoque } from './modules/estoque/relatorios.ts';
import { rotasSugestaoCompra } from './modules/estoque/sugestao-compra.ts';
import { rotasTransferenciasEstoque } from './modules/estoque/transferencias.routes.ts';
import { rotasEstoqueCadastros } from './modules/estoque-cadastros/estoque-cadastros.routes.ts';
import { rotasEtiquetas } from './modules/etiquetas/etiquetas.routes.ts';
import { moduloFinanceiro } from './modules/financeiro/financeiro.routes.ts';
import { rotasRelatoriosFinanceiro } from './modules/financeiro/relatorios.routes.ts';
import { moduloFiscal } from './modules/fiscal/fiscal.routes.ts';
import { rotasFiscalRelatorios } from './modules/fiscal-relatorios/fiscal-relatorios.routes.ts';
import { rotasFrenteLoja } from './modules/frente-loja/frente-loja.routes.ts';
import { rotasImpressao } from './modules/impressao/impressao.routes.ts';
import { moduloKds } from './modules/kds/kds.routes.ts';
import { rotasRecursos } from './modules/recursos/recursos.routes.ts';
import { RepositorioRecursos } from './modules/recursos/repositorio.ts';
import { rotasReferencia } from './modules/referencia/referencia.routes.ts';
import { rotasRelatoriosEventos } from './modules/relatorios-eventos/relatorios-eventos.routes.ts';
import { rotasRelatoriosSalvos } from './modules/relatorios-salvos/relatorios-salvos.routes.ts';
import { rotasRelatoriosVendas } from './modules/relatorios-vendas/relatorios-vendas.routes.ts';
import { rotasSistema } from './modules/sistema/sistema.routes.ts';
import { ServicoPermissoes } from './modules/usuarios/permissoes.service.ts';
import { rotasUsuarios } from './modules/usuarios/usuarios.routes.ts';
import { ServicoCatalogo } from './modules/vendas/catalogo.service.ts';
import { invalidarCatalogoEmEscritas, rotasVendas } from './modules/vendas/vendas.routes.ts';
import { autenticacao } from './plugins/autenticacao.ts';
import { entradaSegura } from './plugins/entrada.ts';
import { envelopeDeErros } from './plugins/envelope.ts';
import { iniciarTempoReal, type TempoReal } from './plugins/tempo-real.ts';

export interface Servicos {
  banco: Banco;
  config: Config;
  tokens: Tokens;
  auth: ServicoAuth;
  correio: Correio;
  liberacoes: ServicoLiberacoes;
  permissoes: ServicoPermissoes;
  recursos: RepositorioRecursos;
  tempo: Tempo;
  tempoReal: TempoReal | undefined;
  catalogoVenda: ServicoCatalogo;
}

declare module 'fastify' {
  interface FastifyInstance {
    servicos: Servicos;
  }
}

export interface OpcoesApp {
  config: Config;
  banco: Banco;
  logger?: FastifyServerOptions['logger'];
  tempo?: Tempo;
}

export async function construirApp({ config, banco, logger, tempo }: OpcoesApp): Promise<FastifyInstance> {
  const app = Fastify({
    // Database errors are logged without their statement and parameters (issue 14 point 3).
    logger:
      logger === false
        ? false
        : { level: config.logLevel, ...(logger === true ? {} : logger), serializers: { err: erroParaLog } },
    bodyLimit: 5 * 1024 * 1024,
    // X-Forwarded-For is believed only from the proxies the deployment names (TRUST_PROXY); otherwise the
    // client address is the socket's, so a forged header cannot dodge the login limits.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (saltos) => (_endereco: string, i: number) =>
              i < saltos
          )(config.trustProxy)
        : (config.trustProxy ?? false),
    // A request id in every log line ties a POS complaint to the server's record of it.
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);

  const tokens = new Tokens(await carregarSegredo(banco.db), config.tokenTtlSeconds, banco.db);
  const correio = new Correio(banco.db);
  const permissoes = new ServicoPermissoes(banco.db);
  app.decorate('servicos', {
    banco,
    config,
    tokens,
    correio,
    auth: new ServicoAuth(banco.db, tokens, correio, permissoes, { atrasoLoginMs: config.atrasoLoginMs }),
    liberacoes: new ServicoLiberacoes(banco.db, tokens),
    permissoes,
    recursos: new RepositorioRecursos(banco.db),
    tempo: tempo ?? tempoReal,
    tempoReal: undefined,
    catalogoVenda: new ServicoCatalogo(banco.db),
  } satisfies Servicos);
  // Before any route: the token check is attached to every route registered from here on.
  autenticacao(app);
  // Then texts the database cannot store are refused on every route (issue 14 point 8).
  entradaSegura(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its theme as inline <style> (CSS-in-JS); scripts stay 'self' only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Product images may live on the S3 bucket's public address.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(config.s3?.urlPublica ? [new URL(config.s3.urlPublica).origin] : []),
        ],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Store servers often run on plain http in the LAN: never force https on them.
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Retaguarda + Frente Loja API', version: '1.0.88' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.servicos.tempoReal = await iniciarTempoReal(app, {
    tokens,
    permissoes: app.servicos.permissoes,
    redisUrl: config.redisUrl,
  });
  app.addHook('onClose', async () => app.servicos.tempoReal?.fechar());

  envelopeDeErros(app);

  await app.register(rotasSistema);
  await app.register(rotasAuth);
  await app.register(rotasUsuarios);
  await app.register(rotasEnderecos);
  await app.register(rotasArmazenamento);
  await app.register(rotasRecursos);
  await app.register(rotasReferencia);
  await app.register(rotasEstoqueCadastros);
  await app.register(rotasFrenteLoja);
  await app.register(rotasImpressao);
  await app.register(rotasBalanca);
  await app.register(rotasEtiquetas);
  await app.register(moduloFiscal);
  await app.register(rotasFiscalRelatorios);
  invalidarCatalogoEmEscritas(app, app.servicos.catalogoVenda);
  await app.register(rotasVendas);
  await app.register(rotasCaixa);
  await app.register(rotasCallCenter);
  await moduloKds(app);
  await moduloEstoque(app);
  await moduloFinanceiro(app);
  await app.register(rotasTransferenciasEstoque);
  await rotasProducao(app);
  await app.register(rotasRelatoriosEstoque);
  await app.register(rotasRelatoriosFinanceiro);
  // Called on the root (not registered): its outbox worker's onReady/onClose hooks are the app's.
  await rotasRelatoriosVendas(app);
  await app.register(rotasRelatoriosEventos);
  await app.register(rotasSugestaoCompra);
  await app.register(rotasRelatoriosSalvos);
  // Called on the root (not registered): it observes the expedition's emits and runs the pollers.
  await moduloDeliveryApps(app);

  if (fs.existsSync(config.webDist)) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      // index.html and version.json must never be cached, or the update banner would not notice a deploy.
      setHeaders: (res, caminho) => {
        if (/index\.html$|version\.json$/.test(caminho)) res.header('Cache-Control', 'no-cache');
        else if (caminho.includes('/assets/'))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  return app;
}
