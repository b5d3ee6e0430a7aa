import {
  cicloDaReceita,
  type DefinicaoRecurso,
  type LinhaReceita,
  mensagemCicloReceita,
  recursos,
} from '@retaguarda/domain';
import { MENSAGENS_ESTOQUE } from '@retaguarda/domain/recursos/regras-estoque';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { codigoErroPg, consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import type { ContextoAcesso, GanchoGravacao } from '../recursos/repositorio.ts';
import { linhaParaJson } from '../recursos/repositorio.ts';

// Rules of the stock registrations that need the database, run inside the generic write's transaction (a hook
// of RepositorioRecursos): a refusal rolls the row and its audit back, so nothing is written.
// - estoqueCadastro: the maximum is not below the minimum on the whole row (a partial update sends one field).
// - estoqueProdutoFornecedor: the store is required when the group links suppliers per store.
// - estoqueFichaTecnica: ingredients exist; a recipe without number gets the next one and a yield of 1; exactly
//   one padrão recipe per product (the first one is; marking another moves it; deleting it promotes the next);
//   no recipe contains its own product, directly or through padrão recipes at any depth.

const { estoqueFichaTecnica } = recursos;
const id = (v: unknown): string | undefined =>
  typeof v === 'string' && /^[0-9a-f]{24}$/.test(v)
    ? v
    : typeof v === 'object' && v !== null && typeof (v as { _id?: unknown })._id === 'string'
      ? (v as { _id: string })._id
      : undefined;

/** The lines of a stored recipe block (the block is validated on the way in; this reads it defensively). */
export function linhasDaReceita(itens: unknown): LinhaReceita[] {
  if (!Array.isArray(itens)) return [];
  return itens.flatMap((l: Linha) => {
    const produto = id(l?.produto);
    const quantidade = l?.quantidade;
    if (!produto || quantidade === undefined || quantidade === null || quantidade === '') return [];
    const fator = l.fatorCorrecao;
    return [
      {
        produto,
        quantidade: String(quantidade),
        fatorCorrecao: fator === undefined || fator === null || fator === '' ? null : String(fator),
      },
    ];
  });
}

function numero(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

export const regrasDosCadastrosDeEstoque: GanchoGravacao = async (tx, evento) => {
  const { def, acao, depois } = evento;
  if (def.tabela === 'estoqueCadastro' && acao !== 'excluir') {
    const minimo = numero(depois.estoqueMinimo);
    const maximo = numero(depois.estoqueMaximo);
    if (minimo !== undefined && maximo !== undefined && maximo < minimo) {
      throw new ErroNegocio(`Estoque Máximo: ${MENSAGENS_ESTOQUE.maximoMenorQueMinimo}`, {
        erros: { estoqueMaximo: MENSAGENS_ESTOQUE.maximoMenorQueMinimo },
      });
    }
  }
  if (def.tabela === 'estoqueProdutoFornecedor' && acao !== 'excluir') {
    await empresaDoFornecedor(tx, evento.ctx, depois);
  }
  if (def.tabela === 'estoqueFichaTecnica') await fichaTecnica(tx, evento);
};

async function empresaDoFornecedor(tx: Db, ctx: ContextoAcesso, depois: Linha): Promise<void> {
  const grupo = ctx.grupoEmpresarialId;
  const empresa = id(depois.empresa);
  if (empresa) {
    const existe = await consultarUm(
      tx,
      sql`select 1 as ok from empresa where grupo_empresarial_id = ${grupo} and id = ${empresa} and lixo = false`,
    );
    if (!existe)
      throw new ErroNegocio('Empresa: Empresa não encontrada.', {
        erros: { empresa: 'Empresa não encontrada.' },
      });
    return;
  }
  const g = await consultarUm(tx, sql`select configuracoes from grupo_empresarial where id = ${grupo}`);
  if ((g?.configuracoes as Linha | null)?.vincularEstoqueFornecedorPorEmpresa === true) {
    const mensagem = 'Informe a empresa: o grupo vincula os produtos dos fornecedores por empresa.';
    throw new ErroNegocio(`Empresa: ${mensagem}`, { erros: { empresa: mensagem } });
  }
}

type Evento = Parameters<GanchoGravacao>[1];

async function fichaTecnica(tx: Db, evento: Evento): Promise<void> {
  const { ctx, acao, antes, depois } = evento;
  const grupo = ctx.grupoEmpresarialId;
  const receitaId = String(depois._id);
  const produto = id(depois.produtoGeral);
  const excluida = acao === 'excluir';
  // Recipe writes of a group take turns: two saves at once could each miss the other's padrão flag or close a
  // cycle between them (X contains Y while Y is saved containing X).
  await consultar(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`estoque:ficha:${grupo}`}, 0))`);

  if (!excluida && produto) {
    const itens = linhasDaReceita(depois.itens);
    const ids = [...new Set([produto, ...itens.map((l) => l.produto)])];
    const achados = await consultar(
      tx,
      sql`select id from produto_geral where grupo_empresarial_id = ${grupo}
          and id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
    );
    const existentes = new Set(achados.map((a) => String(a.id)));
    if (!existentes.has(produto))
      throw new ErroNegocio('Produto: Produto não encontrado.', {
        erros: { produtoGeral: 'Produto não encontrado.' },
      });
    const faltando = itens.findIndex((l) => !existentes.has(l.produto));
    if (faltando >= 0) {
      throw new ErroNegocio(`Ingredientes ${faltando + 1} › Ingrediente: Produto não encontrado.`, {
        erros: { [`itens.${faltando}.produto`]: 'Produto não encontrado.' },
      });
    }
    // A recipe without number gets the next free one of its product; without yield, 1 unit.
    if (depois.indexReceita === null || depois.indexReceita === undefined || depois.rendimento == null) {
      await gravarNaTabela(
        tx,
        sql`update estoque_ficha_tecnica set
              index_receita = coalesce(index_receita, (select coalesce(max(index_receita) + 1, 0)
                from estoque_ficha_tecnica where grupo_empresarial_id = ${grupo} and produto_geral_id = ${produto}
                  and lixo = false and id <> ${receitaId})),
              rendimento = coalesce(rendimento, 1)
            where grupo_empresarial_id = ${grupo} and id = ${receitaId}`,
      );
    }
  }

  // Exactly one padrão recipe per product, for the product of the recipe and the one it left (a moved recipe).
  const afetados = new Set([produto, id(antes?.produtoGeral)].filter((p): p is string => p !== undefined));
  const novasPadrao: string[] = [];
  for (const p of afetados) {
    const preferida = !excluida && p === produto ? { id: receitaId, padrao: depois.padrao === true } : null;
    const nova = await acertarPadrao(tx, ctx, p, preferida);
    if (nova) novasPadrao.push(nova);
  }
  // The saved recipe is checked whatever its flag (it may become padrão later); a promoted one too.
  const verificar = new Set([...(excluida ? [] : [receitaId]), ...novasPadrao]);
  for (const r of verificar) await semCiclo(tx, grupo, r, r !== receitaId);

  if (!excluida) await refletirNoEvento(tx, evento);
}

/**
 * Leaves exactly one padrão recipe for the product: the saved one when it asks to be, else the current padrão
 * one, else (the saved one gave it up, or it was deleted) the lowest-numbered other recipe, else the saved one.
 * Answers the id of a recipe other than the saved one that became padrão.
 */
async function acertarPadrao(
  tx: Db,
  ctx: ContextoAcesso,
  produto: string,
  salva: { id: string; padrao: boolean } | null,
): Promise<string | undefined> {
  const grupo = ctx.grupoEmpresarialId;
  const receitas = await consultar(
    tx,
    sql`select id, padrao from estoque_ficha_tecnica
        where grupo_empresarial_id = ${grupo} and produto_geral_id = ${produto} and lixo = false
        order by index_receita nulls last, created_at, id`,
  );
  if (receitas.length === 0) return undefined;
  const outras = receitas.filter((r) => r.id !== salva?.id);
  const escolhida =
    salva?.padrao === true
      ? salva.id
      : (outras.find((r) => r.padrao === true)?.id ?? outras[0]?.id ?? salva?.id ?? receitas[0]?.id);
  let promovida: string | undefined;
  for (const r of receitas) {
    const deveSer = r.id === escolhida;
    if ((r.padrao === true) === deveSer) continue;
    const rid = String(r.id);
    if (rid === salva?.id) {
      await gravarNaTabela(
        tx,
        sql`update estoque_ficha_tecnica set padrao = ${deveSer} where grupo_empresarial_id = ${grupo} and id = ${rid}`,
      );
      continue;
    }
    // Another recipe of the product: changed and audited as the same user's write.
    const antes = await lerReceita(tx, grupo, rid);
    await gravarNaTabela(
      tx,
      sql`update estoque_ficha_tecnica set padrao = ${deveSer}, updated_at = now(), updated_by = ${ctx.usuarioId}
          where grupo_empresarial_id = ${grupo} and id = ${rid}`,
    );
    const depois = await lerReceita(tx, grupo, rid);
    await consultar(
      tx,
      sql`insert into auditoria (id, grupo_empresarial_id, tabela, registro_id, acao, usuario_id, antes, depois)
          values (${novoId()}, ${grupo}, ${estoqueFichaTecnica.tabela}, ${rid}, 'alterar', ${ctx.usuarioId},
                  ${JSON.stringify(antes)}::jsonb, ${JSON.stringify(depois)}::jsonb)`,
    );
    if (deveSer) promovida = rid;
  }
  return promovida;
}

async function lerReceita(tx: Db, grupo: string, receitaId: string): Promise<Linha> {
  const linha = await consultarUm(
    tx,
    sql`select * from estoque_ficha_tecnica where grupo_empresarial_id = ${grupo} and id = ${receitaId}`,
  );
  return linha ? linhaParaJson(estoqueFichaTecnica, linha) : {};
}

/** Refuses (rolling everything back) a recipe that would contain its own product. */
async function semCiclo(tx: Db, grupo: string, receitaId: string, promovida: boolean): Promise<void> {
  const receita = await lerReceita(tx, grupo, receitaId);
  const produto = id(receita.produtoGeral);
  if (!produto) return;
  const padroes = new Map<string, string[]>();
  for (const r of await consultar(
    tx,
    sql`select produto_geral_id, itens from estoque_ficha_tecnica
        where grupo_empresarial_id = ${grupo} and lixo = false and padrao = true and id <> ${receitaId}`,
  )) {
    padroes.set(
      String(r.produto_geral_id),
      linhasDaReceita(r.itens).map((l) => l.produto),
    );
  }
  const cadeia = cicloDaReceita(
    produto,
    linhasDaReceita(receita.itens).map((l) => l.produto),
    padroes,
  );
  if (!cadeia) return;
  const nomes = await consultar(
    tx,
    sql`select id, descricao from produto_geral where grupo_empresarial_id = ${grupo}
        and id in (${sql.join(
          cadeia.map((p) => sql`${p}`),
          sql`, `,
        )})`,
  );
  const descricao = new Map(nomes.map((n) => [String(n.id), String(n.descricao ?? '')]));
  const mensagem = mensagemCicloReceita(cadeia, (p) => descricao.get(p) ?? p);
  throw new ErroNegocio(
    promovida
      ? `A ficha técnica nº ${String(receita.indexReceita ?? '')} passaria a ser a padrão, mas: ${mensagem}`
      : mensagem,
    promovida ? {} : { erros: { itens: mensagem } },
  );
}

/** The answer and the audit of the write show the row as the rules left it (number, yield, padrão). */
async function refletirNoEvento(tx: Db, evento: Evento): Promise<void> {
  const grupo = evento.ctx.grupoEmpresarialId;
  const receitaId = String(evento.depois._id);
  const final = await lerReceita(tx, grupo, receitaId);
  if (JSON.stringify(final) === JSON.stringify(evento.depois)) return;
  Object.assign(evento.depois, final);
  await consultar(
    tx,
    sql`update auditoria set depois = ${JSON.stringify(final)}::jsonb
        where id = (select id from auditoria
                    where grupo_empresarial_id = ${grupo} and tabela = ${estoqueFichaTecnica.tabela}
                      and registro_id = ${receitaId}
                    order by created_at desc, id desc limit 1)`,
  );
}

/** An update of a recipe row; a number taken meanwhile by another recipe is refused with the resource's message. */
async function gravarNaTabela(tx: Db, comando: ReturnType<typeof sql>): Promise<void> {
  try {
    await consultar(tx, comando);
  } catch (erro) {
    if (codigoErroPg(erro) === '23505') {
      throw new ErroNegocio(mensagemDuplicada(estoqueFichaTecnica));
    }
    throw erro;
  }
}

const mensagemDuplicada = (def: DefinicaoRecurso) =>
  def.unicos?.[0]?.mensagem ?? 'Já existe um registro com estes dados.';
