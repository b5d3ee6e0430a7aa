// NFC-e build + sign throughput, one core: @retaguarda/fiscal vs node-sped-nfe (MIT, root devDependency),
// the same 20-item sale. Run: npx tsx bench/nfce.bench.ts  -> prints one JSON object.
import { generateKeyPairSync } from 'node:crypto';
import { cpus } from 'node:os';
import forge from 'node-forge';
import { carregarCertificadoA1 } from '../packages/fiscal/src/certificado.ts';
import { gerarNfce } from '../packages/fiscal/src/nfce/assinar.ts';
import type { DadosNfce, ItemNfce } from '../packages/fiscal/src/tipos.ts';

const ITENS = 20;
const DURACAO_MS = Number(process.env.BENCH_MS ?? 3000);
const CNPJ = '11222333000181';
const SENHA = 'bench';

function certificado(): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const chave = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(chave.n, chave.e);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const attrs = [{ name: 'commonName', value: `EMPRESA BENCH LTDA:${CNPJ}` }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(chave, forge.md.sha256.create());
  return Buffer.from(
    forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(chave, [cert], SENHA, { algorithm: '3des' })).getBytes(),
    'binary',
  );
}

const produtos = Array.from({ length: ITENS }, (_, i) => ({
  cProd: `P${i + 1}`,
  cEAN: '7891000100103',
  xProd: `Produto de teste ${i + 1}`,
  NCM: '21069090',
  CFOP: '5102',
  uCom: 'UN',
  qCom: '2',
  vUnCom: '10.35',
  vProd: '20.70',
}));
const vNF = (20.7 * ITENS).toFixed(2);

function dadosNossos(nNF: number): DadosNfce {
  const itens: ItemNfce[] = produtos.map((p) => ({
    ...p,
    imposto: {
      origem: 0,
      icms: { CSOSN: '102' },
      pis: { CST: '49' },
      cofins: { CST: '49' },
      vTotTrib: '3.10',
    },
  }));
  return {
    emitente: {
      CNPJ,
      xNome: 'Empresa Bench Ltda',
      IE: '111111111111',
      CRT: 1,
      endereco: {
        xLgr: 'Rua A',
        nro: '1',
        xBairro: 'Centro',
        cMun: '3550308',
        xMun: 'Sao Paulo',
        uf: 'SP',
        CEP: '01001000',
      },
    },
    itens,
    pagamentos: [{ tPag: '01', vPag: vNF }],
    tpAmb: 2,
    serie: 1,
    nNF,
    dhEmi: '2026-11-21T10:30:00-03:00',
    cNF: '12345678',
    csc: { id: '1', token: 'CSC-BENCH' },
    versaoQrCode: 2,
  };
}

type MakeLike = {
  tagInfNFe(o: object): void;
  tagIde(o: object): void;
  tagEmit(o: object): void;
  tagEnderEmit(o: object): void;
  tagProd(o: object[]): Promise<void>;
  tagProdICMSSN(i: number, o: object): void;
  tagProdPIS(i: number, o: object): void;
  tagProdCOFINS(i: number, o: object): void;
  tagTotal(o?: object): unknown;
  tagTransp(o: object): void;
  tagDetPag(o: object[]): void;
  tagTroco(o: string): void;
  xml(): string;
};
type ToolsLike = { xmlSign(xml: string, o?: { tag: string }): Promise<string> };

async function notaDeles(Make: new () => MakeLike, tools: ToolsLike, nNF: number): Promise<string> {
  const m = new Make();
  m.tagInfNFe({ Id: null, versao: '4.00' });
  m.tagIde({
    cUF: 35,
    cNF: '12345678',
    natOp: 'VENDA',
    mod: 65,
    serie: 1,
    nNF,
    dhEmi: '2026-11-21T10:30:00-03:00',
    tpNF: 1,
    idDest: 1,
    cMunFG: '3550308',
    tpImp: 4,
    tpEmis: 1,
    cDV: 0,
    tpAmb: 2,
    finNFe: 1,
    indFinal: 1,
    indPres: 1,
    procEmi: 0,
    verProc: '1.0',
  });
  m.tagEmit({ CNPJ, xNome: 'Empresa Bench Ltda', xFant: 'Bench', IE: '111111111111', CRT: 1 });
  m.tagEnderEmit({
    xLgr: 'Rua A',
    nro: '1',
    xBairro: 'Centro',
    cMun: '3550308',
    xMun: 'Sao Paulo',
    UF: 'SP',
    CEP: '01001000',
    cPais: '1058',
    xPais: 'Brasil',
  });
  await m.tagProd(
    produtos.map((p) => ({
      cProd: p.cProd,
      cEAN: p.cEAN,
      xProd: p.xProd,
      NCM: p.NCM,
      CFOP: p.CFOP,
      uCom: p.uCom,
      qCom: p.qCom,
      vUnCom: p.vUnCom,
      vProd: p.vProd,
      cEANTrib: p.cEAN,
      uTrib: p.uCom,
      qTrib: p.qCom,
      vUnTrib: p.vUnCom,
      indTot: 1,
    })),
  );
  for (let i = 0; i < ITENS; i++) {
    m.tagProdICMSSN(i, { orig: '0', CSOSN: '102' });
    m.tagProdPIS(i, { CST: '49', vBC: 0, pPIS: 0, vPIS: 0 });
    m.tagProdCOFINS(i, { CST: '49', vBC: 0, pCOFINS: 0, vCOFINS: 0 });
  }
  m.tagTotal();
  m.tagTransp({ modFrete: 9 });
  m.tagDetPag([{ tPag: '01', vPag: vNF }]);
  m.tagTroco('0.00');
  return tools.xmlSign(m.xml());
}

async function medir(nome: string, f: (i: number) => unknown | Promise<unknown>) {
  for (let i = 1; i <= 50; i++) await f(i); // warm-up (JIT, certificate caches)
  let n = 0;
  const inicio = performance.now();
  while (performance.now() - inicio < DURACAO_MS) {
    await f(n + 1000);
    n++;
  }
  const ms = performance.now() - inicio;
  return {
    nome,
    notas: n,
    ms: Math.round(ms),
    notasPorSegundo: Math.round((n / ms) * 1000),
    msPorNota: +(ms / n).toFixed(3),
  };
}

const pfx = certificado();
const cert = carregarCertificadoA1(pfx, SENHA);
const nossa = await medir('@retaguarda/fiscal', (n) => gerarNfce(dadosNossos(n), cert).xml);

let deles: Awaited<ReturnType<typeof medir>> | { nome: string; erro: string };
try {
  const mod = (await import('node-sped-nfe')) as unknown as {
    Make: new () => MakeLike;
    Tools: new (c: object, p: object) => ToolsLike;
  };
  const tools = new mod.Tools(
    { mod: '65', UF: 'SP', tpAmb: 2, CSC: 'CSC-BENCH', CSCid: '1', versao: '4.00', CNPJ, timeout: 30 },
    { pfx, senha: SENHA },
  );
  deles = await medir('node-sped-nfe', (n) => notaDeles(mod.Make, tools, n));
} catch (e) {
  deles = { nome: 'node-sped-nfe', erro: String((e as Error)?.message ?? e) };
}

console.log(
  JSON.stringify({
    bench: 'nfce build + sign',
    itens: ITENS,
    cpu: cpus()[0]?.model ?? 'desconhecida',
    node: process.version,
    nossa,
    nodeSpedNfe: deles,
    razao: 'notasPorSegundo' in deles ? +(nossa.notasPorSegundo / deles.notasPorSegundo).toFixed(1) : null,
  }),
);
