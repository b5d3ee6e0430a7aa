// Inbound supplier NF-e (uploadXmlNfe / entradaNotaFiscal): parse with lerNfe, store the note and its
// items with the supplier's codes, refuse a key already imported, link items to products with a
// conversion factor. The stock movement belongs to the stock module.
import { ErroLeituraNfe, lerNfe } from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { codigoErroPg, consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';

export const MENSAGENS_ENTRADA = {
  duplicada: (chave: string) => `Nota fiscal já importada (chave ${chave}).`,
  invalida: (motivo: string) => `Arquivo XML de NF-e inválido: ${motivo}`,
  naoEncontrada: 'Nota de entrada não encontrada!',
  itemNaoEncontrado: (id: string) => `Item ${id} não pertence à nota.`,
  produtoNaoEncontrado: (id: string) => `Produto ${id} não encontrado!`,
} as const;

function item(l: Linha) {
  return {
    _id: l.id as string,
    nItem: Number(l.n_item),
    cProd: l.c_prod as string,
    cEAN: (l.c_ean as string | null) ?? null,
    xProd: l.x_prod as string,
    NCM: (l.ncm as string | null) ?? null,
    CFOP: (l.cfop as string | null) ?? null,
    uCom: (l.u_com as string | null) ?? null,
    qCom: String(l.q_com),
    vUnCom: String(l.v_un_com),
    vProd: String(l.v_prod),
    produtoGeral: (l.produto_geral_id as string | null) ?? null,
    fatorConversao: l.fator_conversao === null ? null : String(l.fator_conversao),
  };
}

function nota(l: Linha, itens: Linha[], completo = false) {
  return {
    _id: l.id as string,
    empresa: l.empresa_id as string,
    chave: l.chave as string,
    modelo: l.modelo as string,
    serie: l.serie as string,
    numero: l.numero as string,
    dhEmi: l.dh_emi as string,
    emitente: {
      CNPJ: (l.emitente_cnpj as string | null) ?? null,
      xNome: (l.emitente_nome as string | null) ?? null,
    },
    valorTotal: String(l.valor_total),
    status: l.status as string,
    createdAt: new Date(l.created_at as string).toISOString(),
    dados: l.dados,
    itens: itens.map(item),
    ...(completo ? { xml: l.xml as string } : {}),
  };
}

export async function importarXmlNfe(
  db: Db,
  grupoEmpresarialId: string,
  empresaId: string,
  usuarioId: string,
  xml: string,
) {
  let n: ReturnType<typeof lerNfe>;
  try {
    n = lerNfe(xml);
  } catch (erro) {
    if (erro instanceof ErroLeituraNfe) throw new ErroNegocio(MENSAGENS_ENTRADA.invalida(erro.message));
    throw erro;
  }
  const existente = await consultarUm(
    db,
    sql`select id from nota_entrada where grupo_empresarial_id = ${grupoEmpresarialId} and chave = ${n.chave}`,
  );
  if (existente) throw new ErroNegocio(MENSAGENS_ENTRADA.duplicada(n.chave));
  const id = novoId();
  const { itens, ...cabecalho } = n;
  try {
    await db.transaction(async (tx) => {
      await consultar(
        tx,
        sql`insert into nota_entrada (id, grupo_empresarial_id, empresa_id, chave, modelo, serie, numero, dh_emi,
              emitente_cnpj, emitente_nome, valor_total, dados, xml, status, created_by)
            values (${id}, ${grupoEmpresarialId}, ${empresaId}, ${n.chave}, ${n.modelo}, ${n.serie}, ${n.nNF}, ${n.dhEmi},
              ${n.emitente.CNPJ ?? n.emitente.CPF ?? null}, ${n.emitente.xNome ?? null}, ${n.totais.vNF ?? '0'},
              ${JSON.stringify(cabecalho)}::jsonb, ${xml}, 'pendente', ${usuarioId})`,
      );
      for (const i of itens) {
        await consultar(
          tx,
          sql`insert into nota_entrada_item (id, grupo_empresarial_id, nota_entrada_id, n_item, c_prod, c_ean, x_prod, ncm,
                cfop, u_com, q_com, v_un_com, v_prod)
              values (${novoId()}, ${grupoEmpresarialId}, ${id}, ${i.nItem}, ${i.cProd}, ${i.cEAN ?? null}, ${i.xProd},
                ${i.NCM}, ${i.CFOP}, ${i.uCom}, ${i.qCom}, ${i.vUnCom}, ${i.vProd})`,
        );
      }
    });
  } catch (erro) {
    // Two uploads of one key at the same time: the unique index decides, with the same message.
    if (codigoErroPg(erro) === '23505') throw new ErroNegocio(MENSAGENS_ENTRADA.duplicada(n.chave));
    throw erro;
  }
  return obterNotaEntrada(db, grupoEmpresarialId, id);
}

export async function obterNotaEntrada(db: Db, grupoEmpresarialId: string, id: string, completo = false) {
  const l = await consultarUm(
    db,
    sql`select * from nota_entrada where id = ${id} and grupo_empresarial_id = ${grupoEmpresarialId}`,
  );
  if (!l) throw new ErroNegocio(MENSAGENS_ENTRADA.naoEncontrada);
  const itens = await consultar(
    db,
    sql`select * from nota_entrada_item where grupo_empresarial_id = ${grupoEmpresarialId} and nota_entrada_id = ${id}
        order by n_item`,
  );
  return nota(l, itens, completo);
}

export async function listarNotasEntrada(
  db: Db,
  grupoEmpresarialId: string,
  empresas: readonly string[],
  f: {
    dataInicial?: string | undefined;
    dataFinal?: string | undefined;
    chave?: string | undefined;
    limit: number;
  },
) {
  if (empresas.length === 0) return [];
  const linhas = await consultar(
    db,
    sql`select * from nota_entrada where grupo_empresarial_id = ${grupoEmpresarialId}
          and empresa_id in (${sql.join(
            empresas.map((e) => sql`${e}`),
            sql`, `,
          )})
          ${f.dataInicial ? sql`and created_at >= ${f.dataInicial}` : sql``}
          ${f.dataFinal ? sql`and created_at < ${f.dataFinal}` : sql``}
          ${f.chave ? sql`and chave = ${f.chave}` : sql``}
        order by created_at desc limit ${f.limit}`,
  );
  return linhas.map((l) => {
    const { dados: _dados, itens: _itens, ...resto } = nota(l, []);
    return resto;
  });
}

export async function vincularItens(
  db: Db,
  grupoEmpresarialId: string,
  notaId: string,
  itens: readonly { _id: string; produtoGeral: string | null; fatorConversao?: string | null | undefined }[],
) {
  await obterNotaEntrada(db, grupoEmpresarialId, notaId);
  await db.transaction(async (tx) => {
    for (const i of itens) {
      if (i.produtoGeral) {
        const p = await consultarUm(
          tx,
          sql`select id from produto_geral where id = ${i.produtoGeral} and grupo_empresarial_id = ${grupoEmpresarialId} and lixo = false`,
        );
        if (!p) throw new ErroNegocio(MENSAGENS_ENTRADA.produtoNaoEncontrado(i.produtoGeral));
      }
      const l = await consultarUm(
        tx,
        sql`update nota_entrada_item set produto_geral_id = ${i.produtoGeral},
              fator_conversao = ${i.produtoGeral ? (i.fatorConversao ?? '1') : null}
            where id = ${i._id} and nota_entrada_id = ${notaId} and grupo_empresarial_id = ${grupoEmpresarialId}
            returning id`,
      );
      if (!l) throw new ErroNegocio(MENSAGENS_ENTRADA.itemNaoEncontrado(i._id));
    }
  });
  return obterNotaEntrada(db, grupoEmpresarialId, notaId);
}
