import { sql } from 'drizzle-orm';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import type { AppTeste, Registro, Resposta } from './app-teste.ts';

// Helpers of the sale and cash tests: demo ids looked up by name, logins, releases, a terminal with an open
// period, and calls carrying the store header.

export interface Loja {
  t: AppTeste;
  empresa: string;
  terminal: string;
  caixa: string;
  admin: string;
  caixaToken: string;
  produto: (descricao: string) => Promise<string>;
  forma: (tipo: number) => Promise<string>;
  post(url: string, body: unknown, token?: string, headers?: Record<string, string>): Promise<Resposta>;
  put(url: string, body: unknown, token?: string, headers?: Record<string, string>): Promise<Resposta>;
  get(url: string, token?: string): Promise<Resposta>;
  /**
   * A supervisor release asked by `opcoes.token` (admin by default): single use, bound to that user, the
   * store and, when given, the sale and the discount.
   */
  liberacao(permissao: number, login?: string, senha?: string, opcoes?: OpcoesLiberacao): Promise<string>;
}

export interface OpcoesLiberacao {
  venda?: string;
  chaveNota?: string;
  desconto?: { modo: number; valor: string };
  token?: string;
}

export async function prepararLoja(t: AppTeste, empresa = t.demo.empresas.centro): Promise<Loja> {
  const db = t.banco.db;
  const admin = await t.login('admin@exemplo.com.br', 'admin123');
  const caixaToken = await t.login('caixa@exemplo.com.br', 'caixa123');
  const term = await consultarUm(
    db,
    sql`select id, configuracoes->>'caixa' as caixa from terminal where empresa_id = ${empresa} and configuracoes ? 'caixa'`,
  );
  const pedir = async (
    metodo: 'POST' | 'PUT' | 'GET',
    url: string,
    body: unknown,
    token: string,
    headers = {},
  ) => {
    const bruta = await t.app.inject({
      method: metodo,
      url,
      headers: { token, version: 'teste', empresa, ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const corpo = bruta.json() as Resposta['corpo'];
    return { status: bruta.statusCode, corpo, lista: Array.isArray(corpo.data) ? corpo.data : [], bruta };
  };
  return {
    t,
    empresa,
    terminal: term?.id as string,
    caixa: term?.caixa as string,
    admin,
    caixaToken,
    async produto(descricao) {
      const l = await consultarUm(db, sql`select id from produto_geral where descricao = ${descricao}`);
      if (!l) throw new Error(`produto ${descricao}`);
      return l.id as string;
    },
    async forma(tipo) {
      const l = await consultarUm(
        db,
        sql`select id from forma_pagamento where empresa_id = ${empresa} and (tipo->>'id')::int = ${tipo}`,
      );
      if (!l) throw new Error(`forma ${tipo}`);
      return l.id as string;
    },
    post: (url, body, token = admin, headers = {}) => pedir('POST', url, body, token, headers),
    put: (url, body, token = admin, headers = {}) => pedir('PUT', url, body, token, headers),
    get: (url, token = admin) => pedir('GET', url, undefined, token),
    async liberacao(permissao, login = 'supervisor@exemplo.com.br', senha = 'super123', opcoes = {}) {
      const { token = admin, ...vinculo } = opcoes;
      const r = await pedir(
        'POST',
        '/api/liberacaoSupervisor',
        {
          login,
          senha: (await import('./app-teste.ts')).sha256Hex(senha),
          permissao,
          motivo: 'teste',
          ...vinculo,
        },
        token,
      );
      if (!r.corpo.valido) throw new Error(`liberação ${permissao}: ${JSON.stringify(r.corpo)}`);
      return r.corpo.data.liberacao as string;
    },
  };
}

export async function abrirPeriodo(l: Loja): Promise<string> {
  const r = await l.post('/api/periodo/abrir', { terminal: l.terminal, valorAbertura: '100.00' });
  if (!r.corpo.valido) throw new Error(JSON.stringify(r.corpo));
  return r.corpo.data._id as string;
}

export const item = (r: Resposta, numeroItem: number) =>
  (r.corpo.data.produtos as Registro[]).find((i) => i.numeroItem === numeroItem) as Registro;

export async function contar(
  t: AppTeste,
  tabela: 'venda' | 'venda_item' | 'venda_pagamento' | 'venda_evento',
) {
  const l = await consultar(t.banco.db, sql`select count(*)::int as n from ${sql.identifier(tabela)}`);
  return l[0]?.n as number;
}

export { novoId };
