import { PERMISSAO, recursos } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { semear } from '../src/seed/seed.ts';
import { corpoValido } from './amostras.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

let t: AppTeste;
let admin: string;
let caixa: string;
let gestor: string;
const h = () => ({ empresa: gestor });

beforeAll(async () => {
  t = await criarAppTeste();
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  gestor = t.demo.empresas.gestor;
});
afterAll(() => t.fechar());

const contar = async (tabela: string) =>
  Number((await consultarUm(t.banco.db, sql`select count(*)::int as n from ${sql.identifier(tabela)}`))?.n);

// Generated over the registry: every resource gets the same lifecycle checks.
describe.each(recursos.RECURSOS.filter((r) => r.tabela !== 'grupoEmpresarial'))('recurso $tabela', (def) => {
  it('creates, reads, filters, updates and soft-deletes, auditing each write', async () => {
    const corpo = await corpoValido(t, admin, def, gestor);
    const criado = await t.post(`/api/${def.tabela}`, corpo, admin, h());
    expect(criado.corpo.valido, JSON.stringify(criado.corpo)).toBe(true);
    const id = criado.corpo.data._id as string;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(criado.corpo.data.grupoEmpresarial).toBe(t.demo.grupoId);
    expect(criado.corpo.data.createdBy).toBe(t.demo.usuarios.admin);
    for (const [nome, campo] of Object.entries(def.campos)) {
      if (campo.privado) expect(criado.corpo.data).not.toHaveProperty(nome);
    }

    const lido = await t.get(`/api/${def.tabela}/${id}`, admin);
    expect(lido.corpo.data._id).toBe(id);
    const filtrado = await t.post(`/api/${def.tabela}/getPopulate`, { filtro: { _id: id } }, admin, h());
    expect(filtrado.lista.map((l) => l._id)).toEqual([id]);

    const campoTexto = Object.entries(def.campos).find(
      ([, c]) => c.tipo === 'texto' && !c.validador && !c.privado && !c.opcoes,
    );
    if (campoTexto) {
      const novo = 'Alterado'.slice(0, (campoTexto[1] as { max?: number }).max ?? 100);
      const alterado = await t.put(`/api/${def.tabela}/${id}`, { [campoTexto[0]]: novo }, admin);
      expect(alterado.corpo.valido, JSON.stringify(alterado.corpo)).toBe(true);
      expect(alterado.corpo.data[campoTexto[0]]).toBe(novo);
    }

    const excluido = await t.del(`/api/${def.tabela}/${id}`, admin);
    expect(excluido.corpo.data.lixo).toBe(true);
    const semLixo = await t.post(`/api/${def.tabela}/getPopulate`, { filtro: { _id: id } }, admin, h());
    expect(semLixo.lista).toEqual([]);
    const comLixo = await t.post(
      `/api/${def.tabela}/getPopulate`,
      { filtro: { _id: id, lixo: true } },
      admin,
      h(),
    );
    expect(comLixo.lista.length).toBe(1);

    const auditoria = await consultar(
      t.banco.db,
      sql`select acao, usuario_id from auditoria where registro_id = ${id} order by created_at`,
    );
    expect(auditoria.map((a) => a.acao)).toEqual(
      campoTexto ? ['incluir', 'alterar', 'excluir'] : ['incluir', 'excluir'],
    );
    expect(auditoria.every((a) => a.usuario_id === t.demo.usuarios.admin)).toBe(true);
  });

  it('refuses a cashier without the permission and changes nothing', async () => {
    const antes = await contar(def.tabelaSql);
    const corpo = await corpoValido(t, admin, def, t.demo.empresas.centro);
    const r = await t.post(`/api/${def.tabela}`, corpo, caixa);
    expect(r.corpo).toEqual({
      valido: false,
      data: { message: 'Usuário sem permissão para esta operação.' },
    });
    expect(await contar(def.tabelaSql)).toBe(antes);
  });

  it('refuses a body missing required fields with the spec message', async () => {
    const obrigatorio = Object.entries(def.campos).find(([, c]) => c.obrigatorio && !c.privado);
    if (!obrigatorio) return;
    const corpo = await corpoValido(t, admin, def, gestor);
    delete corpo[obrigatorio[0]];
    const antes = await contar(def.tabelaSql);
    const r = await t.post(`/api/${def.tabela}`, corpo, admin, h());
    expect(r.corpo.valido).toBe(false);
    expect(r.corpo.data.message).toContain('* Obrigatório');
    expect(await contar(def.tabelaSql)).toBe(antes);
  });
});

describe('getPopulate filters', () => {
  const buscar = (body: unknown, token = admin) => t.post('/api/produtoGeral/getPopulate', body, token);

  it('supports the whitelisted operators', async () => {
    const caros = await buscar({
      filtro: { preco: { $gte: 59.9 } },
      sort: { preco: -1 },
      select: 'descricao preco',
    });
    expect(caros.lista.map((p) => p.preco)).toEqual(['80.00', '69.90', '62.90', '59.90', '59.90']);
    expect(Object.keys(caros.lista[0] ?? {}).sort()).toEqual(['_id', 'descricao', 'preco']);
    const regex = await buscar({
      filtro: { descricao: { $regex: 'MUSSARELA', $options: 'i' } },
      sort: 'descricao',
    });
    expect(regex.lista.map((p) => p.descricao)).toEqual(['Pizza Grande Mussarela', 'Queijo Mussarela (kg)']);
    const caseSensitive = await buscar({ filtro: { descricao: { $regex: 'MUSSARELA' } } });
    expect(caseSensitive.lista).toEqual([]);
    const tipos = await buscar({
      filtro: { 'tipoProduto.sigla': { $in: ['Gorjeta', 'Taxa Entrega'] } },
      sort: 'descricao',
    });
    expect(tipos.lista.map((p) => p.descricao)).toEqual(['Taxa de Entrega', 'Taxa de Serviço (Gorjeta)']);
    const semGtin = await buscar({ filtro: { gtin: { $exists: true } } });
    expect(semGtin.lista.length).toBe(2);
    const ou = await buscar({
      filtro: { $or: [{ preco: { $lt: 5 } }, { descricao: 'X-Burguer' }] },
      sort: 'preco descricao',
    });
    expect(ou.lista.map((p) => p.descricao)).toEqual([
      'Taxa de Entrega',
      'Taxa de Serviço (Gorjeta)',
      'Produto Genérico',
      'Água Mineral 500ml',
      'X-Burguer',
    ]);
    const nin = await buscar({ filtro: { preco: { $nin: [0] }, 'tipoProduto.id': { $ne: 1 } } });
    expect(nin.lista.every((p) => p.preco !== '0.00')).toBe(true);
    const pagina = await buscar({ sort: 'codigoInterno', limit: 5, skip: 5, select: ['codigoInterno'] });
    expect(pagina.lista.map((p) => p.codigoInterno)).toEqual([6, 7, 8, 9, 10]);
  });

  it('expands whitelisted references with populateObj', async () => {
    const r = await buscar({ filtro: { codigoInterno: 1 }, populateObj: ['unidade', 'familias'] });
    const produto = r.lista[0] as { unidade: { sigla: string }; familias: { descricao: string }[] };
    expect(produto.unidade.sigla).toBe('UN');
    expect(produto.familias.map((f) => f.descricao)).toEqual(['Pizza Grande']);
    expect((await buscar({ populateObj: ['configuracaoImposto'] })).corpo.data.message).toBe(
      'Populate não permitido: configuracaoImposto',
    );
  });

  it('treats quotes and SQL in values as plain text', async () => {
    const antes = await contar('produto_geral');
    for (const valor of ["'; drop table produto_geral; --", "x' or '1'='1", '100%', '_', '\\']) {
      const r = await buscar({ filtro: { descricao: valor } });
      expect(r.corpo).toEqual({ valido: true, data: [] });
      const like = await buscar({ filtro: { descricao: { $regex: valor } } });
      expect(like.corpo.valido).toBe(true);
      expect(like.lista).toEqual([]);
    }
    expect(await contar('produto_geral')).toBe(antes);
  });

  it.each([
    [{ filtro: { senhaHash: 'x' } }, 'Campo de filtro não permitido: senhaHash'],
    [{ filtro: { naoExiste: 1 } }, 'Campo de filtro não permitido: naoExiste'],
    [{ filtro: { $where: 'sleep(1)' } }, 'Operador de filtro não permitido: $where'],
    [{ filtro: { descricao: { $function: {} } } }, 'Operador de filtro não permitido: $function'],
    [{ filtro: { preco: { $gt: 'abc' } } }, 'Valor inválido no filtro para o campo preco.'],
    [
      { filtro: { 'configuracaoImposto.CFOP': '5102' } },
      'Campo de filtro não permitido: configuracaoImposto.CFOP',
    ],
    [{ limit: 1001 }, 'Limite máximo de registros por consulta é 1000.'],
    [{ limit: 'tudo' }, 'Limite inválido: informe um número inteiro positivo.'],
    [{ sort: { 'descricao; drop': 1 } }, 'Campo de filtro não permitido: descricao; drop'],
    [{ select: 'senhaHash' }, 'Campo de select não permitido: senhaHash'],
  ])('refuses %j', async (body, mensagem) => {
    const r = await buscar(body);
    expect(r.status).toBe(200);
    expect(r.corpo).toEqual({ valido: false, data: { message: mensagem } });
  });

  it('refuses an unknown table', async () => {
    const r = await t.post('/api/tabelaQueNaoExiste/getPopulate', {}, admin);
    expect(r.corpo).toEqual({
      valido: false,
      data: { message: 'Tabela não encontrada: tabelaQueNaoExiste' },
    });
  });

  it('never returns private fields', async () => {
    const r = await t.post('/api/usuarios/getPopulate', { filtro: {} }, admin);
    expect(r.lista.length).toBe(9);
    for (const u of r.lista) {
      expect(u).not.toHaveProperty('senhaHash');
      expect(JSON.stringify(u)).not.toContain('argon2');
    }
  });
});

describe('tenancy', () => {
  it('a user of another group can neither read nor change a row of this group through any generic route', async () => {
    const b = await semear(t.banco.db);
    const adminB = await t.login('admin@exemplo.com.br', 'admin123', b.grupoId);
    const [formaA] = (await t.post('/api/formaPagamento/getPopulate', { limit: 1 }, admin)).lista;
    const [produtoA] = (await t.post('/api/produtoGeral/getPopulate', { limit: 1 }, admin)).lista;
    expect(formaA && produtoA).toBeTruthy();
    const antes = await consultar(
      t.banco.db,
      sql`select id, updated_at, lixo from forma_pagamento order by id`,
    );

    for (const [tabela, linha] of [
      ['formaPagamento', formaA],
      ['produtoGeral', produtoA],
    ] as const) {
      const id = linha?._id as string;
      expect((await t.get(`/api/${tabela}/${id}`, adminB)).corpo.data.message).toBe(
        'Registro não encontrado.',
      );
      expect(
        (await t.put(`/api/${tabela}/${id}`, { descricao: 'invadido' }, adminB)).corpo.data.message,
      ).toBe('Registro não encontrado.');
      expect((await t.del(`/api/${tabela}/${id}`, adminB)).corpo.data.message).toBe(
        'Registro não encontrado.',
      );
      const filtros = [
        { _id: id },
        { grupoEmpresarial: t.demo.grupoId },
        { $or: [{ _id: id }, { _id: { $ne: 'x' } }] },
      ];
      for (const filtro of filtros) {
        const r = await t.post(`/api/${tabela}/getPopulate`, { filtro }, adminB);
        expect(r.lista.some((l) => l._id === id || l.grupoEmpresarial === t.demo.grupoId)).toBe(false);
      }
    }
    // Creating in a store of the other group is refused.
    const corpo = await corpoValido(t, adminB, recursos.formaPagamento, b.empresas.centro);
    const invasao = await t.post(
      '/api/formaPagamento',
      { ...corpo, empresa: t.demo.empresas.centro },
      adminB,
    );
    expect(invasao.corpo.data.message).toBe('Usuário sem permissão para acessar essa empresa.');
    // Populate never crosses groups either.
    const grupoB = await t.get(`/api/grupoEmpresarial/${t.demo.grupoId}`, adminB);
    expect(grupoB.corpo.valido).toBe(false);

    const depois = await consultar(
      t.banco.db,
      sql`select id, updated_at, lixo from forma_pagamento where grupo_empresarial_id = ${t.demo.grupoId} order by id`,
    );
    expect(depois).toEqual(antes.filter((l) => depois.some((d) => d.id === l.id)));
    expect(depois.length).toBeGreaterThan(0);
  });

  it('store-scoped rows are limited to the stores where the user holds the permission', async () => {
    const r = await t.post('/api/formaPagamento/getPopulate', { limit: 1000 }, caixa);
    expect(r.corpo.data.message).toBe('Usuário sem permissão para esta operação.');
    const supervisor = await t.login('supervisor@exemplo.com.br', 'super123');
    expect(PERMISSAO.formaPagamentoAcessar).toBeGreaterThan(0);
    const s = await t.post('/api/formaPagamento/getPopulate', { limit: 1000 }, supervisor);
    expect(s.corpo.valido).toBe(false);
  });
});

describe('idempotent create', () => {
  it('a retry with the same Idempotency-Key returns the first answer and creates one row', async () => {
    const antes = await contar('desconto_motivo');
    const body = { descricao: 'Retry de rede', ativo: true };
    const chave = { 'idempotency-key': 'chave-teste-1', empresa: gestor };
    const a = await t.post('/api/descontoMotivo', body, admin, chave);
    const b = await t.post('/api/descontoMotivo', body, admin, chave);
    expect(a.corpo.valido).toBe(true);
    expect(b.corpo).toEqual(a.corpo);
    expect(await contar('desconto_motivo')).toBe(antes + 1);
  });

  it('refuses a duplicate unique value with a clear message', async () => {
    const r = await t.post('/api/unidadeMedida', { sigla: 'UN', descricao: 'Outra' }, admin, h());
    expect(r.corpo).toEqual({
      valido: false,
      data: { message: 'Já existe um registro com este valor de Sigla.' },
    });
  });
});

describe('contar and auditoria', () => {
  it('counts what a filter matches, with the same tenancy', async () => {
    const r = await t.post('/api/produtoGeral/contar', { filtro: { preco: { $gte: 59.9 } } }, admin);
    expect(r.corpo).toEqual({ valido: true, data: { total: 5 } });
    const todos = await t.post('/api/produtoGeral/contar', {}, admin);
    const lista = await t.post('/api/produtoGeral/getPopulate', { limit: 1000 }, admin);
    expect(todos.corpo.data.total).toBe(lista.lista.length);
    expect((await t.post('/api/produtoGeral/contar', { filtro: { $where: 1 } }, admin)).corpo.valido).toBe(
      false,
    );
    expect((await t.post('/api/formaPagamento/contar', {}, caixa)).corpo.valido).toBe(false);
  });

  it('tells who changed what and when', async () => {
    const criado = await t.post('/api/descontoMotivo', { descricao: 'Auditado', ativo: true }, admin, h());
    const id = criado.corpo.data._id as string;
    await t.put(`/api/descontoMotivo/${id}`, { descricao: 'Auditado 2' }, admin);
    const r = await t.get(`/api/auditoria/descontoMotivo/${id}`, admin);
    expect(r.lista.map((a) => a.acao)).toEqual(['alterar', 'incluir']);
    expect(r.lista[0]).toMatchObject({
      usuario: { _id: t.demo.usuarios.admin, nome: 'Administrador' },
      alteracoes: [{ campo: 'descricao', de: 'Auditado', para: 'Auditado 2' }],
    });
    expect((await t.get(`/api/auditoria/descontoMotivo/${'0'.repeat(24)}`, admin)).corpo.data.message).toBe(
      'Registro não encontrado.',
    );
  });
});

describe('SMTP password of the group', () => {
  it('is answered masked and kept when a form sends the mask back', async () => {
    const url = `/api/grupoEmpresarial/${t.demo.grupoId}`;
    const configuracoesEmail = {
      emailHostSmtp: 'smtp.exemplo.com.br',
      emailUser: 'loja',
      emailPass: 'segredo-smtp',
    };
    const gravado = await t.put(
      url,
      { configuracoes: { controleDeFranquia: true, configuracoesEmail } },
      admin,
    );
    expect(gravado.corpo.valido, JSON.stringify(gravado.corpo)).toBe(true);
    const lido = await t.get(url, admin);
    const c = lido.corpo.data.configuracoes as { configuracoesEmail: { emailPass: string } };
    expect(c.configuracoesEmail.emailPass).toBe('********');
    await t.put(
      url,
      { configuracoes: { ...(lido.corpo.data.configuracoes as object), controleDeFranquia: true } },
      admin,
    );
    const [linha] = await consultar(
      t.banco.db,
      sql`select configuracoes from grupo_empresarial where id = ${t.demo.grupoId}`,
    );
    const salvas = linha?.configuracoes as { configuracoesEmail: { emailPass: string } } | undefined;
    expect(salvas?.configuracoesEmail.emailPass).toBe('segredo-smtp');
  });
});
