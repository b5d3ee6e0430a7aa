import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { OpcoesAgente } from './agente.ts';
import type { EstadoDiario } from './diario.ts';

// Command line and environment of the agent (the command line wins):
//   --servidor  PRINT_AGENT_SERVIDOR   http://192.168.0.10:3000
//   --token     PRINT_AGENT_TOKEN      the agent's own token (POST /api/impressao/tokenAgente: only its store's jobs)
//   --terminais PRINT_AGENT_TERMINAIS  terminal ids, comma separated
//   --diretorio PRINT_AGENT_DIRETORIO  journal folder (default ~/.retaguarda-print-agent)
//   --intervalo PRINT_AGENT_INTERVALO_MS  polling interval in ms (default 5000)
//   --sem-tempo-real                   polling only (no Socket.IO)

export const AJUDA = `Uso: retaguarda-print-agent --servidor http://servidor:3000 --token TOKEN --terminais id1,id2
  [--diretorio pasta] [--intervalo 5000] [--sem-tempo-real]
Variáveis: PRINT_AGENT_SERVIDOR, PRINT_AGENT_TOKEN, PRINT_AGENT_TERMINAIS, PRINT_AGENT_DIRETORIO, PRINT_AGENT_INTERVALO_MS`;

export class ErroConfiguracao extends Error {}

const ID = /^[0-9a-f]{24}$/;

export function lerConfiguracao(argv: string[], env: NodeJS.ProcessEnv): OpcoesAgente {
  const { values } = parseArgs({
    args: argv,
    options: {
      servidor: { type: 'string' },
      token: { type: 'string' },
      terminais: { type: 'string' },
      diretorio: { type: 'string' },
      intervalo: { type: 'string' },
      'sem-tempo-real': { type: 'boolean' },
      ajuda: { type: 'boolean', short: 'h' },
    },
  });
  if (values.ajuda) throw new ErroConfiguracao(AJUDA);
  const servidor = values.servidor ?? env.PRINT_AGENT_SERVIDOR;
  const token = values.token ?? env.PRINT_AGENT_TOKEN;
  const terminais = (values.terminais ?? env.PRINT_AGENT_TERMINAIS ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (!servidor || !/^https?:\/\//.test(servidor))
    throw new ErroConfiguracao(`Servidor não informado.\n${AJUDA}`);
  if (!token) throw new ErroConfiguracao(`Token não informado.\n${AJUDA}`);
  if (terminais.length === 0 || !terminais.every((t) => ID.test(t)))
    throw new ErroConfiguracao(`Terminais inválidos: informe os ids separados por vírgula.\n${AJUDA}`);
  const diretorio = path.resolve(
    values.diretorio ?? env.PRINT_AGENT_DIRETORIO ?? path.join(os.homedir(), '.retaguarda-print-agent'),
  );
  const intervaloMs = Number(values.intervalo ?? env.PRINT_AGENT_INTERVALO_MS ?? 5000);
  if (!Number.isInteger(intervaloMs) || intervaloMs < 100)
    throw new ErroConfiguracao('Intervalo inválido (ms).');
  fs.mkdirSync(diretorio, { recursive: true });
  return {
    servidor,
    token,
    terminais,
    diretorio,
    agente: identidade(diretorio),
    intervaloMs,
    tempoReal: !values['sem-tempo-real'],
    pausarApos: pausa(env.PRINT_AGENT_PAUSAR_APOS),
  };
}

/** The agent's id survives restarts (kept in its folder): the server gives it back its own claimed jobs. */
function identidade(diretorio: string): string {
  const arquivo = path.join(diretorio, 'agente.json');
  try {
    const id = (JSON.parse(fs.readFileSync(arquivo, 'utf8')) as { agente?: unknown }).agente;
    if (typeof id === 'string' && id.length >= 8) return id;
  } catch {
    // first start
  }
  const nome =
    os
      .hostname()
      .replace(/[^A-Za-z0-9-]/g, '')
      .slice(0, 30) || 'pc';
  const agente = `${nome}-${randomBytes(6).toString('hex')}`;
  fs.writeFileSync(arquivo, JSON.stringify({ agente }));
  return agente;
}

/** Test hook PRINT_AGENT_PAUSAR_APOS=estado:n (e.g. sent:2): the agent freezes there, to be killed. */
function pausa(valor: string | undefined): OpcoesAgente['pausarApos'] {
  if (!valor) return undefined;
  const [estado, vez] = valor.split(':');
  if (!['claimed', 'sending', 'sent', 'acked'].includes(estado ?? '')) return undefined;
  return { estado: estado as EstadoDiario, vez: Number(vez ?? 1) || 1 };
}
