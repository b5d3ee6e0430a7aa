import { recursos } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpoValido } from './amostras.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// A form (or an integration) sends back the whole record it read: saving it unchanged must be accepted.
// A multi-store record (empresa as a list of ids) once broke the audit insert with a 500 here.
let t: AppTeste;
let admin: string;
const registros = recursos.RECURSOS.filter((r) => r.tabela !== 'grupoEmpresarial');
beforeAll(async () => {
  t = await criarAppTeste();
  admin = await t.login('admin@exemplo.com.br', 'admin123');
});
afterAll(() => t.fechar());

describe.each(registros)('recurso $tabela', (def) => {
  it('saves a new record exactly as getPopulate and GET return it', async () => {
    const gestor = t.demo.empresas.gestor;
    const corpo = await corpoValido(t, admin, def, gestor);
    const criado = await t.post(`/api/${def.tabela}`, corpo, admin, { empresa: gestor });
    expect(criado.corpo.valido, JSON.stringify(criado.corpo)).toBe(true);
    const id = criado.corpo.data._id as string;
    const lista = await t.post(`/api/${def.tabela}/getPopulate`, { filtro: { _id: id } }, admin, {
      empresa: gestor,
    });
    const r1 = await t.put(`/api/${def.tabela}/${id}`, lista.lista[0], admin);
    expect(r1.corpo.valido, JSON.stringify(r1.corpo)).toBe(true);
    const lido = await t.get(`/api/${def.tabela}/${id}`, admin);
    const r2 = await t.put(`/api/${def.tabela}/${id}`, lido.corpo.data, admin);
    expect(r2.corpo.valido, JSON.stringify(r2.corpo)).toBe(true);
  });
});

it('saves every kind of demo record back unchanged (multi-store combos, happy hours, promotions...)', async () => {
  let salvos = 0;
  for (const def of registros) {
    const lista = await t.post(`/api/${def.tabela}/getPopulate`, { filtro: {} }, admin);
    for (const linha of lista.lista.slice(0, 3)) {
      const r = await t.put(`/api/${def.tabela}/${linha._id}`, linha, admin);
      expect(r.corpo.valido, `${def.tabela} ${JSON.stringify(r.corpo)}`).toBe(true);
      const auditoria = await t.get(`/api/auditoria/${def.tabela}/${linha._id}`, admin);
      expect(auditoria.corpo.valido, JSON.stringify(auditoria.corpo)).toBe(true);
      salvos++;
    }
  }
  expect(salvos).toBeGreaterThan(40);
});
