import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { consultar, consultarUm } from '../db/consultar.ts';
import { novoId } from '../lib/ids.ts';

// Demo kitchen of every store (DESIGN section 4), so #/frenteLoja/kds works right after `npm start`:
// sectors Cozinha (pizzas, snacks) and Bar (drinks), production stations 'Cozinha Quente' and 'Bar', an
// assembly station 'Montagem' joining both, a bump-bar mapping, the expedition screen settings, and the
// expedition ticket printed on the cashier's printer (empresa configuracoes.expedicao.setorImpressaoExpedicao).
// Called once from seed.ts after the stores, agrupadores, print sectors and terminals exist.

const ids = (lista: readonly string[]) => sql`${`{${lista.join(',')}}`}::text[]`;

async function inserir(db: Db, tabela: string, linha: Record<string, unknown>): Promise<string> {
  const id = novoId();
  const colunas = ['id', ...Object.keys(linha)];
  const valores = [
    sql`${id}`,
    ...Object.entries(linha).map(([c, v]) => {
      if (v === null || v === undefined) return sql`null`;
      if (Array.isArray(v) && c.endsWith('_ids')) return ids(v as string[]);
      if (typeof v === 'object') return sql`${JSON.stringify(v)}::jsonb`;
      return sql`${v}`;
    }),
  ];
  await consultar(
    db,
    sql`insert into ${sql.identifier(tabela)} (${sql.join(
      colunas.map((c) => sql.identifier(c)),
      sql`, `,
    )}) values (${sql.join(valores, sql`, `)})`,
  );
  return id;
}

async function idPor(db: Db, tabela: string, onde: ReturnType<typeof sql>): Promise<string> {
  const l = await consultarUm(db, sql`select id from ${sql.identifier(tabela)} where ${onde} limit 1`);
  if (!l) throw new Error(`seed-kds: ${tabela} não encontrado`);
  return l.id as string;
}

export async function semearKds(db: Db, grupoId: string, lojas: readonly string[]): Promise<void> {
  const g = sql`grupo_empresarial_id = ${grupoId}`;
  const agrupador = (descricao: string) => idPor(db, 'agrupador', sql`${g} and descricao = ${descricao}`);
  const [pizzas, lanches, bebidas] = [
    await agrupador('Pizzas'),
    await agrupador('Lanches'),
    await agrupador('Bebidas'),
  ];
  for (const empresa of lojas) {
    const e = { grupo_empresarial_id: grupoId, empresa_id: empresa };
    const daLoja = sql`${g} and empresa_id = ${empresa}`;
    const terminalCozinha = await idPor(
      db,
      'terminal',
      sql`${daLoja} and descricao like 'Terminal Cozinha%'`,
    );
    const impressoraCaixa = await idPor(db, 'impressora', sql`${daLoja} and descricao = 'Impressora Caixa'`);

    const cozinha = await inserir(db, 'kds_setor', { ...e, descricao: 'Cozinha', ativo: true });
    const bar = await inserir(db, 'kds_setor', { ...e, descricao: 'Bar', ativo: true });
    for (const [a, setor] of [
      [pizzas, cozinha],
      [lanches, cozinha],
      [bebidas, bar],
    ] as const) {
      await inserir(db, 'kds_setor_cadastro_grupo', { ...e, agrupador_id: a, kds_setor_id: setor });
    }
    const teclado = await inserir(db, 'kds_teclado', {
      ...e,
      descricao: 'Bump bar numérico',
      teclas: [
        { tecla: '4', acao: 'anterior' },
        { tecla: '6', acao: 'proximo' },
        { tecla: '1', acao: 'iniciar' },
        { tecla: '2', acao: 'finalizar' },
        { tecla: '5', acao: 'despachar' },
        { tecla: '0', acao: 'recall' },
        { tecla: '9', acao: 'telaCheia' },
      ],
    });
    const estacao = (descricao: string, tipo: string, setores: string[]) =>
      inserir(db, 'kds_estacao', {
        ...e,
        descricao,
        tipo,
        setores_ids: setores,
        terminal_id: terminalCozinha,
        kds_teclado_id: teclado,
        tempo_alerta: 10,
        tempo_atraso: 20,
        ativo: true,
      });
    await estacao('Cozinha Quente', 'producao', [cozinha]);
    await estacao('Bar', 'producao', [bar]);
    const montagem = await estacao('Montagem', 'montagem', []);
    await inserir(db, 'kds_montagem', {
      ...e,
      descricao: 'Montagem dos pedidos',
      estacao_id: montagem,
      setores_ids: [cozinha, bar],
      ativo: true,
    });

    // The expedition ticket goes with the bag: printed on the cashier's printer when an order is produced.
    const setorExpedicao = await inserir(db, 'setor_impressao', {
      ...e,
      descricao: 'Expedição',
      impressora_id: impressoraCaixa,
      numero_vias: 1,
    });
    await inserir(db, 'kds_expedicao', {
      ...e,
      descricao: 'Expedição',
      terminal_id: terminalCozinha,
      setor_impressao_expedicao_id: setorExpedicao,
      minutos_finalizados: 30,
      tempo_entrega_padrao: 45,
      ativo: true,
    });
    await consultar(
      db,
      sql`update empresa set configuracoes = coalesce(configuracoes, '{}'::jsonb)
            || jsonb_build_object('expedicao', jsonb_build_object('setorImpressaoExpedicao', ${setorExpedicao}::text))
          where id = ${empresa}`,
    );
    // The kitchen terminal also dispatches riders and registers the door.
    await consultar(
      db,
      sql`update terminal set funcoes = '["kds","expedicao","saidaMotoboy","portaria"]'::jsonb
          where id = ${terminalCozinha}`,
    );
  }
}
