// Issue 15 points 3, 10 and 11 end to end: a sale's note authorised by the (strict) simulator carries the
// software's infRespTec and its DANFE says the simulator authorised it; with SEFAZ down, the offline note's
// justification names the unavailability and its time, not a socket error.
import { type Venda, vendaSchema } from '@retaguarda/domain';
import { iniciarSimuladorSefaz, type SimuladorSefaz } from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import {
  consultaCscDoBanco,
  RESPONSAVEL_TECNICO_DEMONSTRACAO,
} from '../src/modules/fiscal/ambiente-sefaz.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';
import { gravarVendaTeste } from './fiscal-apoio.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: AppTeste;
let sim: SimuladorSefaz;
let admin: string;

beforeEach(async () => {
  t = await criarAppTeste();
  sim = await iniciarSimuladorSefaz({ porta: 0 });
  t.app.fiscal.servico.usarSefaz({
    url: sim.url,
    ca: sim.certificadoPem,
    simulador: true,
    timeoutMs: 10_000,
  });
  admin = await t.login('admin@exemplo.com.br', 'admin123');
});

afterEach(async () => {
  await t.fechar();
  await sim.fechar();
});

/** An ended counter sale of Loja Centro: one can (6.50) paid exactly in cash. */
async function vendaTeste(): Promise<Venda> {
  const p = await consultarUm(
    t.banco.db,
    sql`select id, descricao from produto_geral where grupo_empresarial_id = ${t.demo.grupoId}
          and descricao = 'Refrigerante Lata 350ml'`,
  );
  const f = await consultarUm(
    t.banco.db,
    sql`select id, descricao from forma_pagamento where empresa_id = ${t.demo.empresas.centro} and (tipo->>'id')::int = 77`,
  );
  if (!p || !f) throw new Error('dados de demonstração');
  const agora = new Date().toISOString();
  return vendaSchema.parse({
    _id: novoId(),
    empresa: t.demo.empresas.centro,
    grupoEmpresarial: t.demo.grupoId,
    tipoVenda: { id: 53 },
    status: { id: 59 },
    data: agora,
    produtos: [
      {
        _id: novoId(),
        numeroItem: 1,
        produto: { _id: p.id, descricao: p.descricao },
        quantidade: '1',
        precoVenda: '6.50',
        valorBruto: '6.50',
        valorLiquido: '6.50',
        confirmado: true,
        data: agora,
      },
    ],
    pagamentos: [
      {
        _id: novoId(),
        formaPagamento: { _id: f.id, descricao: f.descricao, tipo: 77, tipoTroco: 1 },
        valor: '6.50',
        valorPago: '6.50',
        valorTroco: '0',
        data: agora,
      },
    ],
    subTotal: '6.50',
    total: '6.50',
  });
}

async function emitir(venda: Venda) {
  await gravarVendaTeste(t, venda);
  return t.post('/api/enviaNFCE', { empresa: venda.empresa, dadosNfe: venda }, admin);
}

async function xmlDaNota(id: string): Promise<string> {
  const l = await consultarUm(t.banco.db, sql`select xml from nfce where id = ${id}`);
  return String(l?.xml ?? '');
}

describe('NFC-e pelo simulador estrito', () => {
  it('autorizada com o infRespTec do software, e o DANFE diz que quem autorizou foi o simulador', async () => {
    const r = await emitir(await vendaTeste());
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const id = String(r.corpo.data._id);
    const xml = await xmlDaNota(id);
    expect(xml).toContain(`<infRespTec><CNPJ>${RESPONSAVEL_TECNICO_DEMONSTRACAO.CNPJ}</CNPJ>`);
    expect(sim.notas().map((n) => n.chave)).toContain(/Id="NFe(\d{44})"/.exec(xml)?.[1]);
    const d = await t.get(`/api/nfce/${id}/danfe`, admin);
    expect(String(d.corpo.data.texto)).toContain('AUTORIZADA PELO SIMULADOR LOCAL DA SEFAZ -');
  });

  it('SEFAZ fora do ar: a nota off-line justifica "SEFAZ indisponível em <data> às <hora>", sem erro técnico', async () => {
    await sim.definirCenario({ modo: 'fora' });
    const r = await emitir(await vendaTeste());
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const xml = await xmlDaNota(String(r.corpo.data._id));
    expect(xml).toContain('<tpEmis>9</tpEmis>');
    expect(xml).toMatch(
      /<xJust>SEFAZ indisponível em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} para autorização da NFC-e; nota emitida em contingência off-line<\/xJust>/,
    );
    expect(xml).not.toMatch(/<xJust>[^<]*(ECONN|ms \(|socket|timeout)/i);
  });

  it('QR v2: o simulador confere o hash com o CSC que a loja cadastrou (lido do banco pelo CNPJ)', async () => {
    const servico = t.app.fiscal.servico;
    const csc = consultaCscDoBanco(t.banco.db, (c, contexto) =>
      servico.cofre.decifrar(c, contexto).toString('utf8'),
    );
    const estrito = await iniciarSimuladorSefaz({ porta: 0, csc });
    try {
      servico.usarSefaz({ url: estrito.url, ca: estrito.certificadoPem, simulador: true, timeoutMs: 10_000 });
      await servico.atualizarConfiguracao(t.demo.grupoId, t.demo.empresas.centro, t.demo.usuarios.admin, {
        versaoQrCode: 2,
        cscId: '000001',
        cscToken: 'CSC-DA-LOJA-CENTRO-0123456789',
      });
      const loja = await consultarUm(
        t.banco.db,
        sql`select cnpj from empresa where id = ${t.demo.empresas.centro}`,
      );
      const cnpj = String(loja?.cnpj ?? '').replace(/\D/g, '');
      expect(await csc(cnpj, '1')).toBe('CSC-DA-LOJA-CENTRO-0123456789');
      expect(await csc(cnpj, '2')).toBeUndefined();
      expect(await csc('11444777000161', '1')).toBeUndefined();
      const r = await emitir(await vendaTeste());
      expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
      const xml = await xmlDaNota(String(r.corpo.data._id));
      expect(xml).toMatch(/<qrCode>[^<]*\|2\|2\|1\|[0-9A-F]{40}<\/qrCode>/);
      expect(estrito.notas()).toHaveLength(1);
    } finally {
      await estrito.fechar();
    }
  });
});
