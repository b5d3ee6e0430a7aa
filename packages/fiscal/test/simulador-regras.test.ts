// The simulator refuses what a real SEFAZ refuses (issue 15 point 4): every test sends a note the builder made
// correctly, broken in exactly one way, and expects the official code of the MOC 4.00 Anexo I.
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CertificadoA1, carregarCertificadoA1 } from '../src/certificado.ts';
import { assinarNfce, type NfceAssinada } from '../src/nfce/assinar.ts';
import { montarNfce } from '../src/nfce/montar.ts';
import { aplicarRegrasNfce } from '../src/simulador/regras.ts';
import { iniciarSimuladorSefaz, type SimuladorSefaz } from '../src/simulador/servidor.ts';
import { ClienteSefaz } from '../src/soap/cliente.ts';
import type { DadosNfce } from '../src/tipos.ts';
import { CNPJ_TESTE, dadosAgora, gerarCertificadoTeste, itemTeste } from './apoio.ts';

const { certificado: cert } = gerarCertificadoTeste();

// ---------------------------------------------------------------- certificates of a test "ICP"

type ParChave = { chave: forge.pki.rsa.PrivateKey; publica: forge.pki.rsa.PublicKey };
function parChave(): ParChave {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const chave = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  return { chave, publica: forge.pki.setRsaPublicKey(chave.n, chave.e) };
}

function raiz(): { cert: forge.pki.Certificate; par: ParChave; pem: string } {
  const par = parChave();
  const c = forge.pki.createCertificate();
  c.publicKey = par.publica;
  c.serialNumber = '0a';
  c.validity.notBefore = new Date(Date.now() - 86_400_000);
  c.validity.notAfter = new Date(Date.now() + 3650 * 86_400_000);
  const nome = [{ name: 'commonName', value: 'AC Raiz de Teste' }];
  c.setSubject(nome);
  c.setIssuer(nome);
  c.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true },
  ]);
  c.sign(par.chave, forge.md.sha256.create());
  return { cert: c, par, pem: forge.pki.certificateToPem(c) };
}

/** An e-CNPJ A1 issued by `ac` (or self-signed), valid in the given window. */
function a1(
  cnpj: string,
  ac?: { cert: forge.pki.Certificate; par: ParChave },
  janela: [Date, Date] = [new Date(Date.now() - 86_400_000), new Date(Date.now() + 365 * 86_400_000)],
): CertificadoA1 {
  const par = parChave();
  const c = forge.pki.createCertificate();
  c.publicKey = par.publica;
  c.serialNumber = `0${Math.floor(Math.random() * 1e9).toString(16)}`;
  [c.validity.notBefore, c.validity.notAfter] = janela;
  c.setSubject([{ name: 'commonName', value: `EMPRESA TESTE LTDA:${cnpj}` }]);
  c.setIssuer(ac ? ac.cert.subject.attributes : c.subject.attributes);
  c.setExtensions([{ name: 'keyUsage', digitalSignature: true, keyEncipherment: true }]);
  c.sign(ac ? ac.par.chave : par.chave, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(par.chave, [c], 'x', { algorithm: '3des' });
  return carregarCertificadoA1(Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), 'x');
}

// ---------------------------------------------------------------- notes broken one way

/** Builds the note right, changes its infNFe with `troca` and signs the result (as a buggy issuer would). */
function adulterada(dados: DadosNfce, troca: (infNFe: string) => string, assinante = cert): NfceAssinada {
  const m = montarNfce(dados);
  const infNFe = troca(m.infNFe);
  expect(infNFe).not.toBe(m.infNFe);
  return assinarNfce({ ...m, infNFe }, assinante);
}

/** Replaces the first `<tag>` inside the group `<grupo>`. */
function trocar(infNFe: string, grupo: string, tag: string, valor: string): string {
  const i = infNFe.indexOf(`<${grupo}>`);
  const antes = infNFe.slice(0, i);
  const depois = infNFe.slice(i).replace(new RegExp(`<${tag}>[^<]*</${tag}>`), `<${tag}>${valor}</${tag}>`);
  return antes + depois;
}

let numero = 7000;
const nNF = () => ++numero;

/** A Regime Normal store: ICMS 00 (vBC, vICMS) and one ICMS-ST item (vBCST, vST). */
function dadosRegimeNormal(over: Partial<DadosNfce> = {}): DadosNfce {
  const d = dadosAgora({ nNF: nNF(), ...over }, 1);
  d.emitente = { ...d.emitente, CRT: 3 };
  d.itens = [
    itemTeste(1, {
      imposto: { origem: 0, icms: { CST: '00', pICMS: '18' }, pis: { CST: '49' }, cofins: { CST: '49' } },
    }),
    itemTeste(2, {
      CEST: '0300700',
      CFOP: '5405',
      imposto: {
        origem: 0,
        icms: { CST: '10', pICMS: '18', st: { modBCST: 4, pMVAST: '40', pICMSST: '18' } },
        pis: { CST: '49' },
        cofins: { CST: '49' },
      },
    }),
  ];
  d.pagamentos = [{ tPag: '01', vPag: '100.00' }];
  return d;
}

let sim: SimuladorSefaz;
let estrito: SimuladorSefaz;
let cliente: ClienteSefaz;
let clienteEstrito: ClienteSefaz;
const ac = raiz();
const certIcp = a1(CNPJ_TESTE, ac);

function novoCliente(s: SimuladorSefaz, certificado: CertificadoA1, tpAmb: 1 | 2 = 2): ClienteSefaz {
  return new ClienteSefaz({ uf: 'SP', tpAmb, certificado, urlBase: s.url, ca: s.certificadoPem });
}

/** cStat of the note's protocol (or of the batch when there is none), without the transmit workflow. */
async function codigo(n: NfceAssinada, c = cliente): Promise<number> {
  const r = await c.autorizar(n.xml);
  return r.protocolos[0]?.cStat ?? r.cStat;
}

beforeAll(async () => {
  sim = await iniciarSimuladorSefaz();
  // A SEFAZ-SP: the ICP chain checked, mutual TLS, the companies' CSC by CNPJ, 656 after two refusals.
  estrito = await iniciarSimuladorSefaz({
    ufs: ['SP'],
    exigirCertificadoCliente: true,
    acConfiaveis: [ac.pem],
    csc: (cnpj, id) => (cnpj === CNPJ_TESTE && id === '1' ? 'CSC-DE-TESTE-0123456789' : undefined),
    limiteConsumoIndevido: 2,
  });
  cliente = novoCliente(sim, cert);
  clienteEstrito = novoCliente(estrito, certIcp);
});
afterAll(async () => {
  cliente.fechar();
  clienteEstrito.fechar();
  await sim.fechar();
  await estrito.fechar();
});

describe('simulador tão estrito quanto a SEFAZ: a nota certa passa', () => {
  it('a nota que o montador faz é autorizada (Simples, Regime Normal com ST, consumidor com CPF)', async () => {
    expect(await codigo(assinarNfce(montarNfce(dadosAgora({ nNF: nNF() })), cert))).toBe(100);
    expect(await codigo(assinarNfce(montarNfce(dadosRegimeNormal()), cert))).toBe(100);
    const comCpf = dadosAgora({ nNF: nNF(), destinatario: { documento: '529.982.247-25' } });
    expect(await codigo(assinarNfce(montarNfce(comCpf), cert))).toBe(100);
    // ICP chain, TLS client certificate, CSC hash, the endpoint's UF: all right.
    const v2 = dadosAgora({ nNF: nNF(), versaoQrCode: 2 });
    expect(await codigo(assinarNfce(montarNfce(v2), certIcp), clienteEstrito)).toBe(100);
  });
});

describe('ambiente e UF', () => {
  it('nota de produção (tpAmb 1) é recusada com 252, e o status e a consulta em produção também', async () => {
    const n = assinarNfce(montarNfce(dadosAgora({ nNF: nNF(), tpAmb: 1 })), cert);
    expect(await codigo(n)).toBe(252);
    expect(sim.notas().some((x) => x.chave === n.chave)).toBe(false);
    const producao = novoCliente(sim, cert, 1);
    expect((await producao.statusServico()).cStat).toBe(252);
    expect((await producao.consultarProtocolo(n.chave)).cStat).toBe(252);
    producao.fechar();
  });

  it('emitente de outra UF no endpoint de SP: 226; UF do endereço diferente do cUF: 247', async () => {
    const pr = dadosAgora({ nNF: nNF(), versaoQrCode: 2 });
    pr.emitente = {
      ...pr.emitente,
      endereco: { ...pr.emitente.endereco, uf: 'PR', cMun: '4106902', xMun: 'Curitiba' },
    };
    expect(await codigo(assinarNfce(montarNfce(pr), certIcp), clienteEstrito)).toBe(226);
    const n = adulterada(dadosAgora({ nNF: nNF() }), (x) => trocar(x, 'enderEmit', 'UF', 'RJ'));
    expect(await codigo(n)).toBe(247);
  });
});

describe('chave de acesso e cNF', () => {
  it('Id que não é a concatenação dos campos: 502; cDV errado: 253', async () => {
    const d = dadosAgora({ nNF: nNF() });
    expect(await codigo(adulterada(d, (x) => trocar(x, 'ide', 'cNF', '52816375')))).toBe(502);
    const dv = montarNfce(dadosAgora({ nNF: nNF() }));
    const errado = String((Number(/<cDV>(\d)</.exec(dv.infNFe)?.[1]) + 1) % 10);
    expect(
      await codigo(adulterada(dadosAgora({ nNF: numero }), (x) => trocar(x, 'ide', 'cDV', errado))),
    ).toBe(253);
  });

  it('cNF proibido pela NT 2019.001 (12345678) ou igual ao nNF: 897', async () => {
    expect(await codigo(assinarNfce(montarNfce(dadosAgora({ nNF: nNF(), cNF: '12345678' })), cert))).toBe(
      897,
    );
    const n = nNF();
    expect(
      await codigo(assinarNfce(montarNfce(dadosAgora({ nNF: n, cNF: String(n).padStart(8, '0') })), cert)),
    ).toBe(897);
  });
});

describe('data e hora de emissão', () => {
  it('emissão normal com mais de 5 minutos de atraso: 704; no futuro: 703; off-line antiga passa', async () => {
    const antiga = new Date(Date.now() - 10 * 60_000);
    expect(await codigo(assinarNfce(montarNfce(dadosAgora({ nNF: nNF(), dhEmi: antiga })), cert))).toBe(704);
    const futura = new Date(Date.now() + 10 * 60_000);
    expect(await codigo(assinarNfce(montarNfce(dadosAgora({ nNF: nNF(), dhEmi: futura })), cert))).toBe(703);
    const offline = dadosAgora({
      nNF: nNF(),
      dhEmi: antiga,
      tpEmis: 9,
      contingencia: { dhCont: antiga, xJust: 'SEFAZ indisponível desde 10:00' },
    });
    expect(await codigo(assinarNfce(montarNfce(offline), cert))).toBe(100);
  });
});

describe('totais', () => {
  it('vProd, vBC, vICMS, vBCST, vST que não somam os itens: 564, 531, 532, 533, 534; vNF: 610', async () => {
    const casos: [string, number][] = [
      ['vProd', 564],
      ['vBC', 531],
      ['vICMS', 532],
      ['vBCST', 533],
      ['vST', 534],
      ['vNF', 610],
    ];
    for (const [tag, cStat] of casos) {
      const n = adulterada(dadosRegimeNormal(), (x) => trocar(x, 'ICMSTot', tag, '1.00'));
      expect(await codigo(n), tag).toBe(cStat);
    }
  });
});

describe('pagamentos e troco', () => {
  it('pagamentos abaixo do total: 865; excesso sem troco: 866; troco errado: 869', async () => {
    expect(
      await codigo(adulterada(dadosAgora({ nNF: nNF() }), (x) => trocar(x, 'pag', 'vPag', '100.00'))),
    ).toBe(865);
    expect(
      await codigo(adulterada(dadosAgora({ nNF: nNF() }), (x) => x.replace(/<vTroco>[^<]*<\/vTroco>/, ''))),
    ).toBe(866);
    expect(
      await codigo(adulterada(dadosAgora({ nNF: nNF() }), (x) => trocar(x, 'pag', 'vTroco', '1.00'))),
    ).toBe(869);
  });
});

describe('consumidor (CPF/CNPJ)', () => {
  it('CPF com dígito errado: 237; CNPJ com dígito errado: 208', async () => {
    const cpf = dadosAgora({ nNF: nNF(), destinatario: { documento: '52998224724' } });
    expect(await codigo(assinarNfce(montarNfce(cpf), cert))).toBe(237);
    const cnpj = dadosAgora({ nNF: nNF(), destinatario: { documento: '11222333000182' } });
    expect(await codigo(assinarNfce(montarNfce(cnpj), cert))).toBe(208);
  });

  it('CNPJ alfanumérico: dígito certo passa na regra, errado dá 208', async () => {
    // The official PL_010b XSD still has a numeric TCnpj (ADR 0003), so the rule is applied to the note directly.
    const ctx = { agora: new Date(), tpAmbEndpoint: 2 as const };
    const certo = assinarNfce(
      montarNfce(dadosAgora({ nNF: nNF(), destinatario: { documento: '12ABC34501DE35' } })),
      cert,
    );
    expect(await aplicarRegrasNfce(certo.xml, ctx)).toBeNull();
    const errado = assinarNfce(
      montarNfce(dadosAgora({ nNF: nNF(), destinatario: { documento: '12ABC34501DE36' } })),
      cert,
    );
    expect((await aplicarRegrasNfce(errado.xml, ctx))?.[0]).toBe(208);
  });
});

describe('itens', () => {
  it('NCM fora da tabela oficial: 778; CFOP que a NFC-e não admite: 725', async () => {
    // The builder refuses both before a number is taken, so the notes are changed after it, as a buggy issuer would.
    const ncm = adulterada(dadosAgora({ nNF: nNF() }), (x) =>
      x.replace('<NCM>21069090</NCM>', '<NCM>21069099</NCM>'),
    );
    expect(await codigo(ncm)).toBe(778);
    const cfop = adulterada(dadosAgora({ nNF: nNF() }), (x) =>
      x.replace('<CFOP>5102</CFOP>', '<CFOP>5949</CFOP>'),
    );
    expect(await codigo(cfop)).toBe(725);
  });

  it('o montador recusa antes, com mensagem: NCM inexistente e CFOP fora da lista da NFC-e', () => {
    expect(() => montarNfce(dadosAgora({ itens: [itemTeste(1, { NCM: '21069099' })] }))).toThrow(
      'NCM 21069099 não existe na tabela NCM oficial',
    );
    expect(() => montarNfce(dadosAgora({ itens: [itemTeste(1, { CFOP: '5949' })] }))).toThrow(
      'CFOP 5949 inválido para NFC-e',
    );
  });
});

describe('responsável técnico', () => {
  it('sem infRespTec: 972; CNPJ do responsável com dígito errado: 973', async () => {
    const sem = dadosAgora({ nNF: nNF() });
    delete sem.responsavelTecnico;
    expect(await codigo(assinarNfce(montarNfce(sem), cert))).toBe(972);
    const errado = dadosAgora({ nNF: nNF() });
    errado.responsavelTecnico = {
      ...(errado.responsavelTecnico as NonNullable<DadosNfce['responsavelTecnico']>),
      CNPJ: '11222333000182',
    };
    expect(await codigo(assinarNfce(montarNfce(errado), cert))).toBe(973);
  });
});

describe('QR code com o CSC da empresa', () => {
  it('hash feito com outro CSC: 464; id de CSC que a empresa não cadastrou: 462', async () => {
    const outro = dadosAgora({
      nNF: nNF(),
      versaoQrCode: 2,
      csc: { id: '1', token: 'CSC-QUE-NAO-E-O-DA-EMPRESA' },
    });
    expect(await codigo(assinarNfce(montarNfce(outro), certIcp), clienteEstrito)).toBe(464);
    const id = dadosAgora({
      nNF: nNF(),
      versaoQrCode: 2,
      csc: { id: '2', token: 'CSC-DE-TESTE-0123456789' },
    });
    expect(await codigo(assinarNfce(montarNfce(id), certIcp), clienteEstrito)).toBe(462);
  });
});

describe('certificado digital', () => {
  it('assinatura com certificado de outro CNPJ-base: 213; vencido: 291', async () => {
    const outro = a1('99888777000155');
    expect(await codigo(assinarNfce(montarNfce(dadosAgora({ nNF: nNF() })), outro))).toBe(213);
    const vencido = a1(CNPJ_TESTE, undefined, [
      new Date(Date.now() - 400 * 86_400_000),
      new Date(Date.now() - 86_400_000),
    ]);
    expect(await codigo(assinarNfce(montarNfce(dadosAgora({ nNF: nNF() })), vencido))).toBe(291);
  });

  it('cadeia fora da ICP: assinatura 293, transmissor (TLS) 283', async () => {
    const d = dadosAgora({ nNF: nNF(), versaoQrCode: 2 });
    expect(await codigo(assinarNfce(montarNfce(d), cert), clienteEstrito)).toBe(293);
    const transmissorAutoassinado = novoCliente(estrito, cert);
    const d2 = dadosAgora({ nNF: nNF(), versaoQrCode: 2 });
    expect(await codigo(assinarNfce(montarNfce(d2), certIcp), transmissorAutoassinado)).toBe(283);
    transmissorAutoassinado.fechar();
    expect(new X509Certificate(ac.pem).ca).toBe(true);
  });
});

describe('duplicidade e consumo indevido', () => {
  it('mesma chave de novo: 204; mesmo número com outra chave: 539', async () => {
    const n = nNF();
    const primeira = assinarNfce(montarNfce(dadosAgora({ nNF: n })), cert);
    expect(await codigo(primeira)).toBe(100);
    expect(await codigo(primeira)).toBe(204);
    expect(await codigo(assinarNfce(montarNfce(dadosAgora({ nNF: n, cNF: '61523847' })), cert))).toBe(539);
  });

  it('a mesma nota recusada várias vezes na hora: 656 (consumo indevido)', async () => {
    const n = adulterada(
      dadosAgora({ nNF: nNF(), versaoQrCode: 2 }),
      (x) => trocar(x, 'ICMSTot', 'vNF', '1.00'),
      certIcp,
    );
    expect(await codigo(n, clienteEstrito)).toBe(610);
    expect(await codigo(n, clienteEstrito)).toBe(610);
    expect(await codigo(n, clienteEstrito)).toBe(656);
  });
});
