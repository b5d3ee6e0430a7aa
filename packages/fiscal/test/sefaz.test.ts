// End to end over HTTPS (mutual TLS): client + workflows against the local SEFAZ simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { montarCancelamento } from '../src/eventos/cancelamento.ts';
import { ErroInutilizacao, montarInutilizacao } from '../src/eventos/inutilizacao.ts';
import { gerarNfce } from '../src/nfce/assinar.ts';
import { iniciarSimuladorSefaz, type SimuladorSefaz } from '../src/simulador/servidor.ts';
import { ClienteSefaz, ErroComunicacao, montarEnviNFe } from '../src/soap/cliente.ts';
import { cancelarNfce, inutilizarNumeracao, transmitirNfce } from '../src/transmitir.ts';
import { ErroXsd, validarXsd } from '../src/xsd.ts';
import { dadosAgora, gerarCertificadoTeste, itemTeste } from './apoio.ts';
import { verificarComXmlCrypto, verificarComXmlsec1 } from './verificadores.ts';

const { certificado: cert } = gerarCertificadoTeste();
let sim: SimuladorSefaz;
let cliente: ClienteSefaz;
let deslocamentoMs = 0;
let numero = 100;
const proximo = () => ++numero;

function novoCliente(timeoutMs = 10_000): ClienteSefaz {
  return new ClienteSefaz({
    uf: 'SP',
    tpAmb: 2,
    certificado: cert,
    urlBase: sim.url,
    ca: sim.certificadoPem,
    timeoutMs,
  });
}

beforeAll(async () => {
  sim = await iniciarSimuladorSefaz({
    exigirCertificadoCliente: true,
    agora: () => new Date(Date.now() + deslocamentoMs),
  });
  cliente = novoCliente();
});
afterAll(async () => {
  cliente.fechar();
  await sim.fechar();
});

describe('cliente SOAP x simulador SEFAZ (HTTPS, TLS mútuo)', () => {
  it('status do serviço 107 e 108 conforme o cenário', async () => {
    expect((await cliente.statusServico()).cStat).toBe(107);
    await sim.definirCenario({ modo: 'autorizar', status: 108 });
    expect((await cliente.statusServico()).cStat).toBe(108);
    const n = gerarNfce(dadosAgora({ nNF: proximo() }), cert);
    const r = await transmitirNfce(n, cliente);
    expect(r.situacao).toBe('contingencia');
    await sim.definirCenario({ modo: 'autorizar' });
  });

  it('autoriza: protocolo de 15 dígitos, nfeProc válido no XSD e assinatura preservada', async () => {
    const n = gerarNfce(dadosAgora({ nNF: proximo() }), cert);
    const r = await transmitirNfce(n, cliente);
    if (r.situacao !== 'autorizada') throw new Error(JSON.stringify(r));
    expect(r.cStat).toBe(100);
    expect(r.nProt).toMatch(/^\d{15}$/);
    expect(r.digVal).toBe(n.digestValue);
    expect(r.qrCode).toBe(n.qrCode);
    expect(r.viaConsulta).toBe(false);
    expect((await validarXsd(r.xmlProc, 'procNFe')).erros).toEqual([]);
    expect(verificarComXmlsec1(r.xmlProc, cert.certificadoPem, 'infNFe')).toBe(true);
    const c = await cliente.consultarProtocolo(n.chave);
    expect(c.cStat).toBe(100);
    expect(c.protocolo?.nProt).toBe(r.nProt);
  });

  it('204: reenvio da mesma nota é reconhecido pela consulta (mesmo digest) como autorizada', async () => {
    const n = gerarNfce(dadosAgora({ nNF: proximo() }), cert);
    const r1 = await transmitirNfce(n, cliente);
    expect(r1.situacao).toBe('autorizada');
    const antes = sim.requisicoes.length;
    const r2 = await transmitirNfce(n, cliente);
    expect(r2).toMatchObject({ situacao: 'autorizada', viaConsulta: true });
    expect(sim.requisicoes.slice(antes).map((q) => q.operacao)).toEqual(['autorizacao', 'consultaProtocolo']);
  });

  it('204 com outro conteúdo e 539 (mesmo número, outra chave): duplicidade para renumerar', async () => {
    const nNF = proximo();
    const original = gerarNfce(dadosAgora({ nNF }), cert);
    expect((await transmitirNfce(original, cliente)).situacao).toBe('autorizada');
    const mesmaChaveOutroConteudo = gerarNfce(dadosAgora({ nNF, infCpl: 'outra venda' }), cert);
    expect(mesmaChaveOutroConteudo.chave).toBe(original.chave);
    const r204 = await transmitirNfce(mesmaChaveOutroConteudo, cliente);
    expect(r204).toMatchObject({ situacao: 'duplicidade', cStat: 204 });
    const outraChave = gerarNfce(dadosAgora({ nNF, cNF: '87654321' }), cert);
    const r539 = await transmitirNfce(outraChave, cliente);
    if (r539.situacao !== 'duplicidade') throw new Error(JSON.stringify(r539));
    expect(r539.cStat).toBe(539);
    expect(r539.mensagem.startsWith(`Nota nº ${nNF} em duplicidade`)).toBe(true);
    expect(r539.chaveExistente).toBe(original.chave);
    expect(r539.consulta?.cStat).toBe(217);
  });

  it('rejeição: código escolhido + texto do catálogo', async () => {
    await sim.definirCenario({ modo: 'rejeitar', cStat: 225 });
    const r = await transmitirNfce(gerarNfce(dadosAgora({ nNF: proximo() }), cert), cliente);
    await sim.definirCenario({ modo: 'autorizar' });
    expect(r).toMatchObject({
      situacao: 'rejeitada',
      cStat: 225,
      mensagem: 'Falha ao enviar a nota, 225 - Rejeição: Falha no Schema XML do lote de NFe',
    });
  });

  it('XML fora do esquema não é enviado: ErroXsd antes de qualquer requisição', async () => {
    const n = gerarNfce(
      dadosAgora({
        nNF: proximo(),
        itens: [itemTeste(1, { NCM: '123' })],
        pagamentos: [{ tPag: '01', vPag: 30 }],
      }),
      cert,
    );
    const antes = sim.requisicoes.length;
    await expect(transmitirNfce(n, cliente)).rejects.toBeInstanceOf(ErroXsd);
    expect(sim.requisicoes.length).toBe(antes);
  });

  it('assinatura adulterada é recusada pelo simulador (297)', async () => {
    const n = gerarNfce(dadosAgora({ nNF: proximo() }), cert);
    const adulterada = { ...n, xml: n.xml.replace('<natOp>VENDA</natOp>', '<natOp>VENDAS</natOp>') };
    const r = await transmitirNfce(adulterada, cliente);
    expect(r).toMatchObject({ situacao: 'rejeitada', cStat: 297 });
  });

  it('timeout: consulta a chave ANTES de reenviar e encontra a nota autorizada', async () => {
    await sim.definirCenario({ modo: 'lento', atrasoMs: 4000, operacoes: ['autorizacao'] });
    const lento = novoCliente(1500);
    const n = gerarNfce(dadosAgora({ nNF: proximo() }), cert);
    const antes = sim.requisicoes.length;
    const r = await transmitirNfce(n, lento);
    lento.fechar();
    await sim.definirCenario({ modo: 'autorizar' });
    expect(r).toMatchObject({ situacao: 'autorizada', viaConsulta: true });
    const ops = sim.requisicoes.slice(antes).map((q) => q.operacao);
    expect(ops[0]).toBe('autorizacao');
    expect(ops[1]).toBe('consultaProtocolo');
    expect(ops.filter((o) => o === 'autorizacao')).toHaveLength(1);
  });

  it('SEFAZ fora do ar: contingência recomendada; nota tpEmis 9 é autorizada quando volta', async () => {
    await sim.definirCenario({ modo: 'fora' });
    const nNF = proximo();
    const r = await transmitirNfce(gerarNfce(dadosAgora({ nNF }), cert), cliente);
    if (r.situacao !== 'contingencia') throw new Error(JSON.stringify(r));
    expect(r.mensagem).toContain('Contingência recomendada');
    await expect(cliente.statusServico()).rejects.toBeInstanceOf(ErroComunicacao);
    const offline = gerarNfce(
      dadosAgora({ nNF, tpEmis: 9, contingencia: { dhCont: new Date(), xJust: 'SEFAZ sem comunicacao' } }),
      cert,
    );
    await sim.definirCenario({ modo: 'autorizar' });
    const r2 = await transmitirNfce(offline, cliente);
    expect(r2.situacao).toBe('autorizada');
  });

  it('sem certificado de cliente o simulador recusa (TLS mútuo exigido)', async () => {
    const { Agent } = await import('node:https');
    const semCert = novoCliente();
    (semCert as unknown as { agente: InstanceType<typeof Agent> }).agente.destroy();
    Object.defineProperty(semCert, 'agente', { value: new Agent({ ca: sim.certificadoPem }) });
    await expect(semCert.statusServico()).rejects.toMatchObject({ tipo: 'http', status: 403 });
  });
});

describe('eventos: cancelamento e inutilização', () => {
  it('cancela (135), recusa o segundo (218), consulta mostra cancelada e 501 após 7 dias', async () => {
    const n = gerarNfce(dadosAgora({ nNF: proximo() }), cert);
    const a = await transmitirNfce(n, cliente);
    if (a.situacao !== 'autorizada') throw new Error(JSON.stringify(a));
    const base = { chave: n.chave, nProt: a.nProt, xJust: 'Cliente desistiu da compra', tpAmb: 2 as const };
    const c1 = await cancelarNfce(cliente, { ...base, dhEvento: new Date() }, cert);
    if (c1.situacao !== 'cancelada') throw new Error(JSON.stringify(c1));
    expect(c1.cStat).toBe(135);
    expect(c1.nProt).toMatch(/^\d{15}$/);
    expect((await validarXsd(c1.xmlProcEvento, 'procEventoCancNFe')).erros).toEqual([]);
    const c2 = await cancelarNfce(cliente, { ...base, dhEvento: new Date() }, cert);
    expect(c2).toMatchObject({ situacao: 'rejeitada', cStat: 218 });
    if (c2.situacao === 'rejeitada')
      expect(c2.mensagem).toContain('ver Retorno Valido Sefaz, nota não cancelada');
    const cons = await cliente.consultarProtocolo(n.chave);
    expect(cons).toMatchObject({ cStat: 101, cancelada: true });

    const velha = gerarNfce(dadosAgora({ nNF: proximo() }), cert);
    const av = await transmitirNfce(velha, cliente);
    if (av.situacao !== 'autorizada') throw new Error(JSON.stringify(av));
    deslocamentoMs = 8 * 86_400_000;
    try {
      const c3 = await cancelarNfce(
        cliente,
        {
          chave: velha.chave,
          nProt: av.nProt,
          xJust: 'Cancelamento fora do prazo',
          tpAmb: 2,
          dhEvento: new Date(),
        },
        cert,
      );
      expect(c3).toMatchObject({ situacao: 'rejeitada', cStat: 501 });
    } finally {
      deslocamentoMs = 0;
    }
  });

  it('justificativa curta e falta de protocolo são barradas antes do envio', () => {
    const n = gerarNfce(dadosAgora({ nNF: 5 }), cert);
    expect(() =>
      montarCancelamento(
        { chave: n.chave, nProt: '135150001686732', xJust: 'curta', tpAmb: 2, dhEvento: new Date() },
        cert,
      ),
    ).toThrow('no mínimo 15 caracteres');
    expect(() =>
      montarCancelamento(
        { chave: n.chave, nProt: '', xJust: 'justificativa valida', tpAmb: 2, dhEvento: new Date() },
        cert,
      ),
    ).toThrow('nProt');
  });

  it('inutiliza (102); ano fora da regra dá 453/454 localmente e no simulador', async () => {
    const agora = new Date();
    const ano = new Date(agora.getTime() - 3 * 3_600_000).getUTCFullYear();
    const base = {
      uf: 'SP' as const,
      tpAmb: 2 as const,
      cnpj: '11222333000181',
      serie: 1,
      xJust: 'Falha no sistema, numeros pulados',
      agora,
    };
    const r = await inutilizarNumeracao(cliente, { ...base, ano, nNFIni: 9000, nNFFin: 9010 }, cert);
    if (r.situacao !== 'inutilizada') throw new Error(JSON.stringify(r));
    expect(r.nProt).toMatch(/^\d{15}$/);
    expect((await validarXsd(r.xmlProc, 'procInutNFe')).erros).toEqual([]);
    expect(() => montarInutilizacao({ ...base, ano: ano + 1, nNFIni: 1, nNFFin: 1 }, cert)).toThrow(
      expect.objectContaining({ cStat: 453 }) as unknown as Error,
    );
    expect(() => montarInutilizacao({ ...base, ano: 2005, nNFIni: 1, nNFFin: 1 }, cert)).toThrow(
      ErroInutilizacao,
    );
    try {
      montarInutilizacao({ ...base, ano: 2005, nNFIni: 1, nNFFin: 1 }, cert);
    } catch (e) {
      expect((e as ErroInutilizacao).cStat).toBe(454);
      expect((e as Error).message).toBe('Rejeição: Ano de inutilização não pode ser inferior a 2006');
    }
    // Simulator clock one year behind: our (valid) year is "in the future" for it -> 453.
    deslocamentoMs = -366 * 86_400_000;
    try {
      const r2 = await inutilizarNumeracao(cliente, { ...base, ano, nNFIni: 9100, nNFFin: 9100 }, cert);
      expect(r2).toMatchObject({ situacao: 'rejeitada', cStat: 453 });
    } finally {
      deslocamentoMs = 0;
    }
    // A voided number cannot be authorised any more.
    const n = gerarNfce(dadosAgora({ nNF: 9005 }), cert);
    expect(await transmitirNfce(n, cliente)).toMatchObject({ situacao: 'rejeitada', cStat: 206 });
  });

  it('eventos, inutilização e enviNFe gerados passam no XSD e as assinaturas verificam (xml-crypto e xmlsec1)', async () => {
    const n = gerarNfce(dadosAgora({ nNF: 77 }), cert);
    const ev = montarCancelamento(
      {
        chave: n.chave,
        nProt: '135260000000001',
        xJust: 'Erro na digitacao do pedido',
        tpAmb: 2,
        dhEvento: new Date(),
      },
      cert,
    );
    const inut = montarInutilizacao(
      {
        uf: 'SP',
        tpAmb: 2,
        ano: 2026,
        cnpj: '11222333000181',
        serie: 1,
        nNFIni: 1,
        nNFFin: 3,
        xJust: 'Numeracao pulada por falha',
        agora: new Date('2026-11-21T12:00:00Z'),
      },
      cert,
    );
    expect((await validarXsd(ev.envEvento, 'envEventoCancNFe')).erros).toEqual([]);
    expect((await validarXsd(ev.envEvento, 'envEvento')).erros).toEqual([]);
    expect((await validarXsd(inut.inutNFe, 'inutNFe')).erros).toEqual([]);
    expect((await validarXsd(montarEnviNFe([n.xml], '123', true), 'enviNFe')).erros).toEqual([]);
    for (const [xml, el] of [
      [ev.envEvento, 'infEvento'],
      [inut.inutNFe, 'infInut'],
    ] as const) {
      expect(verificarComXmlCrypto(xml, cert.certificadoPem)).toBe(true);
      expect(verificarComXmlsec1(xml, cert.certificadoPem, el)).toBe(true);
    }
  });
});
