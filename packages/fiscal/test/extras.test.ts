import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatar, multiplicar, paraEscala, reduzir } from '../src/decimal.ts';
import { gerarNfce } from '../src/nfce/assinar.ts';
import { montarNfce } from '../src/nfce/montar.ts';
import { pagamentoDoTipo } from '../src/pagamentos.ts';
import { iniciarSimuladorSefaz } from '../src/simulador/servidor.ts';
import { ClienteSefaz, montarConsSitNFe, montarConsStatServ } from '../src/soap/cliente.ts';
import { limparTexto } from '../src/texto.ts';
import { transmitirNfce } from '../src/transmitir.ts';
import { validarXsd } from '../src/xsd.ts';
import { dadosAgora, dadosTeste, gerarCertificadoTeste, itemTeste } from './apoio.ts';

const cert = gerarCertificadoTeste().certificado;

describe('decimais e textos', () => {
  it('arredonda meio para cima, sem float', () => {
    expect(formatar(paraEscala('0.125', 2), 2)).toBe('0.13');
    expect(formatar(paraEscala('-0.125', 2), 2)).toBe('-0.13');
    expect(formatar(paraEscala(0.1 + 0.2, 2), 2)).toBe('0.30');
    expect(formatar(multiplicar(paraEscala('3', 4), 4, paraEscala('0.333333', 10), 10, 2), 2)).toBe('1.00');
    expect(formatar(reduzir(1005n, 1), 0)).toBe('101');
    expect(formatar(paraEscala('12.5', 10), 10, 2)).toBe('12.50');
    expect(() => paraEscala('1,50', 2)).toThrow('Valor decimal inválido');
  });

  it('texto livre vira TString: espaços únicos, sem caracteres fora do Latin-1', () => {
    expect(limparTexto('  Café   “especial” – 500ml 🍕 ')).toBe('Café "especial" - 500ml');
    expect(limparTexto('a'.repeat(200), 120)).toHaveLength(120);
  });

  it('pagamento a partir do tipo do domínio (77 dinheiro -> 01, 80 crédito -> 03, sem mapa -> 99)', () => {
    expect(pagamentoDoTipo(77, '10.00')).toEqual({ tPag: '01', vPag: '10.00' });
    expect(pagamentoDoTipo(80, '5')).toMatchObject({ tPag: '03' });
    expect(pagamentoDoTipo(85, '5')).toEqual({ tPag: '99', vPag: '5', xPag: 'Outros' });
    const m = montarNfce(dadosTeste({ pagamentos: [pagamentoDoTipo(79, '413.40')] }));
    expect(m.infNFe).toContain('<tPag>04</tPag>');
  });

  it('regras da NFC-e: CFOP 5xxx, série até 899, limite sem identificação do consumidor', () => {
    expect(() => montarNfce(dadosTeste({ itens: [itemTeste(1, { CFOP: '6102' })] }))).toThrow(
      'CFOP 6102 inválido para NFC-e',
    );
    expect(() => montarNfce(dadosTeste({ serie: 900 }))).toThrow('Série 900 inválida para NFC-e');
    const cara = {
      itens: [itemTeste(1, { qCom: '1', vUnCom: '12000' })],
      pagamentos: [{ tPag: '03', vPag: '12000' }],
    };
    expect(() => montarNfce(dadosTeste(cara))).toThrow('exige identificar o consumidor');
    expect(montarNfce(dadosTeste({ ...cara, destinatario: { documento: '52998224725' } })).totais.vNF).toBe(
      '12000.00',
    );
    expect(() => montarNfce(dadosTeste({ limiteSemIdentificacao: '300' }))).toThrow('acima de R$ 300,00');
  });

  it('limites: 990 itens, justificativa de contingência', () => {
    const muitos = dadosTeste({}, 991);
    expect(() => montarNfce(muitos)).toThrow('no máximo 990 itens');
    expect(() => montarNfce(dadosTeste({ tpEmis: 9 }))).toThrow('exige data/hora e justificativa');
    expect(
      montarNfce(
        dadosTeste({ itens: [itemTeste(1, { cEAN: '123' })], pagamentos: [{ tPag: '01', vPag: 30 }] }),
      ).infNFe,
    ).toContain('<cEAN>SEM GTIN</cEAN>');
  });
});

describe('simulador: respostas no XSD, perda da requisição, persistência e CLI', () => {
  it('as respostas do simulador são válidas nos esquemas ret* oficiais', async () => {
    const sim = await iniciarSimuladorSefaz();
    const cliente = new ClienteSefaz({
      uf: 'SP',
      tpAmb: 2,
      certificado: cert,
      urlBase: sim.url,
      ca: sim.certificadoPem,
    });
    try {
      const n = gerarNfce(dadosAgora({ nNF: 501 }), cert);
      const ret = await cliente.chamar(
        'autorizacao',
        `<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><idLote>1</idLote><indSinc>1</indSinc>${n.xml}</enviNFe>`,
      );
      expect((await validarXsd(ret, 'retEnviNFe')).erros).toEqual([]);
      const cons = await cliente.chamar('consultaProtocolo', montarConsSitNFe(n.chave, 2));
      expect((await validarXsd(cons, 'retConsSitNFe')).erros).toEqual([]);
      // Asynchronous batch (indSinc 0): 103 with a receipt, then NFeRetAutorizacao4 gives the protocol.
      const n2 = gerarNfce(dadosAgora({ nNF: 505 }), cert);
      const lote = await cliente.autorizar(n2.xml, { sincrono: false, idLote: '2' });
      expect(lote.cStat).toBe(103);
      expect(lote.nRec).toMatch(/^\d{15}$/);
      const rec = await cliente.chamar(
        'retAutorizacao',
        `<consReciNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><nRec>${lote.nRec}</nRec></consReciNFe>`,
      );
      expect((await validarXsd(rec, 'retConsReciNFe')).erros).toEqual([]);
      const ret2 = await cliente.consultarRecibo(lote.nRec ?? '');
      expect(ret2.cStat).toBe(104);
      expect(ret2.protocolos[0]).toMatchObject({ chNFe: n2.chave, cStat: 100 });
      expect((await cliente.consultarRecibo('999999999999999')).cStat).toBe(106);
      const st = await cliente.chamar('statusServico', montarConsStatServ('SP', 2));
      expect((await validarXsd(st, 'retConsStatServ')).erros).toEqual([]);
    } finally {
      cliente.fechar();
      await sim.fechar();
    }
  });

  it('confere o hash do QR v2 com o CSC (464) e o limite sem identificação (750)', async () => {
    const sim = await iniciarSimuladorSefaz({
      csc: { '1': 'CSC-DE-TESTE-0123456789' },
      limiteSemIdentificacao: 100,
    });
    const cliente = new ClienteSefaz({
      uf: 'SP',
      tpAmb: 2,
      certificado: cert,
      urlBase: sim.url,
      ca: sim.certificadoPem,
    });
    try {
      const ok = gerarNfce(
        dadosAgora({ nNF: 601, versaoQrCode: 2, destinatario: { documento: '52998224725' } }),
        cert,
      );
      expect((await transmitirNfce(ok, cliente)).situacao).toBe('autorizada');
      const cscErrado = gerarNfce(
        dadosAgora({
          nNF: 602,
          versaoQrCode: 2,
          destinatario: { documento: '52998224725' },
          csc: { id: '1', token: 'OUTRO' },
        }),
        cert,
      );
      expect(await transmitirNfce(cscErrado, cliente)).toMatchObject({ situacao: 'rejeitada', cStat: 464 });
      const semDest = gerarNfce(dadosAgora({ nNF: 603 }), cert);
      expect(await transmitirNfce(semDest, cliente)).toMatchObject({ situacao: 'rejeitada', cStat: 750 });
    } finally {
      cliente.fechar();
      await sim.fechar();
    }
  });

  it('requisição perdida (conexão derrubada): consulta 217 e só então reenvia uma vez', async () => {
    const sim = await iniciarSimuladorSefaz({ cenario: { modo: 'derrubar', vezes: 1 } });
    const cliente = new ClienteSefaz({
      uf: 'SP',
      tpAmb: 2,
      certificado: cert,
      urlBase: sim.url,
      ca: sim.certificadoPem,
    });
    try {
      const r = await transmitirNfce(gerarNfce(dadosAgora({ nNF: 502 }), cert), cliente);
      expect(r).toMatchObject({ situacao: 'autorizada', viaConsulta: false });
      expect(sim.requisicoes.map((q) => q.operacao)).toEqual([
        'autorizacao',
        'consultaProtocolo',
        'autorizacao',
      ]);
      await sim.definirCenario({ modo: 'derrubar', vezes: 5 });
      const r2 = await transmitirNfce(gerarNfce(dadosAgora({ nNF: 503 }), cert), cliente);
      expect(r2.situacao).toBe('contingencia');
    } finally {
      cliente.fechar();
      await sim.fechar();
    }
  });

  it('persistência em JSON: notas sobrevivem ao reinício (204 de verdade)', async () => {
    const arquivo = join(mkdtempSync(join(tmpdir(), 'sefaz-')), 'estado.json');
    const n = gerarNfce(dadosAgora({ nNF: 504 }), cert);
    const s1 = await iniciarSimuladorSefaz({ arquivo });
    const c1 = new ClienteSefaz({
      uf: 'SP',
      tpAmb: 2,
      certificado: cert,
      urlBase: s1.url,
      ca: s1.certificadoPem,
    });
    expect((await transmitirNfce(n, c1)).situacao).toBe('autorizada');
    c1.fechar();
    await s1.fechar();
    const s2 = await iniciarSimuladorSefaz({ arquivo });
    const c2 = new ClienteSefaz({
      uf: 'SP',
      tpAmb: 2,
      certificado: cert,
      urlBase: s2.url,
      ca: s2.certificadoPem,
    });
    try {
      const outra = gerarNfce(dadosAgora({ nNF: 504, cNF: '11112222' }), cert);
      expect(await transmitirNfce(outra, c2)).toMatchObject({ situacao: 'duplicidade', cStat: 539 });
      expect(s2.notas()).toHaveLength(1);
    } finally {
      c2.fechar();
      await s2.fechar();
    }
  });

  it('CLI sobe o simulador e responde ao status', async () => {
    const cli = resolve(dirname(fileURLToPath(import.meta.url)), '../src/simulador/cli.ts');
    const tsx = resolve(dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.bin/tsx');
    const proc = spawn(tsx, [cli, '--porta', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const primeira = await new Promise<string>((ok, falha) => {
        let saida = '';
        proc.stdout.on('data', (d: Buffer) => {
          saida += d.toString();
          if (saida.includes('\n')) ok(saida.split('\n')[0] ?? '');
        });
        proc.on('exit', (c) => falha(new Error(`cli saiu com ${c}`)));
      });
      const info = JSON.parse(primeira) as { url: string; certificadoPem: string };
      const cliente = new ClienteSefaz({
        uf: 'SP',
        tpAmb: 2,
        certificado: cert,
        urlBase: info.url,
        ca: info.certificadoPem,
      });
      expect((await cliente.statusServico()).cStat).toBe(107);
      cliente.fechar();
    } finally {
      proc.kill('SIGTERM');
    }
  });
});
