import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { Tokens } from '../modules/auth/tokens.ts';
import type { ServicoPermissoes } from '../modules/usuarios/permissoes.service.ts';

export interface TempoReal {
  io: Server;
  emitirParaGrupo(grupoEmpresarialId: string, evento: string, dados: unknown): void;
  emitirParaEmpresa(empresaId: string, evento: string, dados: unknown): void;
  /**
   * Accepts sockets of another kind of token (the print agents', impressao/agentes.ts): `verificar` answers
   * what to keep in `socket.data.outro`, or undefined. Such a socket joins no group or store room by itself.
   */
  aceitarOutrosTokens(verificar: (token: string | undefined) => Promise<unknown>): void;
  fechar(): Promise<void>;
}

export const salaGrupo = (id: string) => `grupo:${id}`;
export const salaEmpresa = (id: string) => `empresa:${id}`;

/**
 * Socket.IO on the API's own HTTP server (spec 1 section 7: websocket then polling). A socket authenticates
 * with the session token, joins its group's room, and joins a store's room once it proves access to it.
 * With REDIS_URL the rooms span every server instance (redis adapter).
 */
export async function iniciarTempoReal(
  app: FastifyInstance,
  deps: { tokens: Tokens; permissoes: ServicoPermissoes; redisUrl?: string | undefined },
): Promise<TempoReal> {
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    transports: ['websocket', 'polling'],
  });
  const clientesRedis: { quit(): Promise<unknown> }[] = [];
  if (deps.redisUrl) {
    const pub = createClient({ url: deps.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    clientesRedis.push(pub, sub);
  }

  const outrosVerificadores: ((token: string | undefined) => Promise<unknown>)[] = [];
  io.use(async (socket, next) => {
    const bruto = (socket.handshake.auth as { token?: unknown }).token;
    const token = typeof bruto === 'string' ? bruto : undefined;
    const sessao = await deps.tokens.verificar(token);
    if (sessao) {
      socket.data.sessao = sessao;
      return next();
    }
    for (const verificar of outrosVerificadores) {
      const outro = await verificar(token);
      if (outro) {
        socket.data.outro = outro;
        return next();
      }
    }
    next(new Error('Acesso Expirado! Favor refazer o login'));
  });

  io.on('connection', (socket) => {
    const sessao = socket.data.sessao as { usuarioId: string; grupoEmpresarialId: string } | undefined;
    if (!sessao) return;
    void socket.join(salaGrupo(sessao.grupoEmpresarialId));
    socket.on('entrarEmpresa', async (dados: unknown, responder?: (r: unknown) => void) => {
      const empresaId = (dados as { empresaId?: unknown } | null)?.empresaId;
      const p = await deps.permissoes.doUsuario(sessao.grupoEmpresarialId, sessao.usuarioId);
      if (typeof empresaId !== 'string' || !p.porEmpresa.has(empresaId)) {
        responder?.({ valido: false, data: { message: 'Usuário sem permissão para acessar essa empresa.' } });
        return;
      }
      for (const sala of socket.rooms) if (sala.startsWith('empresa:')) void socket.leave(sala);
      await socket.join(salaEmpresa(empresaId));
      responder?.({ valido: true, data: { empresaId } });
    });
    // Clients ping every 5 s to show their connection state (spec: status check every 5 s).
    socket.on('status', (_: unknown, responder?: (r: unknown) => void) =>
      responder?.({ valido: true, data: { ok: true } }),
    );
  });

  return {
    io,
    emitirParaGrupo: (id, evento, dados) => void io.to(salaGrupo(id)).emit(evento, dados),
    emitirParaEmpresa: (id, evento, dados) => void io.to(salaEmpresa(id)).emit(evento, dados),
    aceitarOutrosTokens: (verificar) => void outrosVerificadores.push(verificar),
    async fechar() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(clientesRedis.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
