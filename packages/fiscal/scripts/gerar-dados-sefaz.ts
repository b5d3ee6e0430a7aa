// Regenerates src/dados/*.json from the reference tables of ../shared/fiscal-ref/sefaz (copied from
// nfephp-org/sped-nfe@3b44ec9, see fiscal-ref/SOURCES.md). Run: npx tsx packages/fiscal/scripts/gerar-dados-sefaz.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';

const aqui = dirname(fileURLToPath(import.meta.url));
const ref = resolve(aqui, '../../../../shared/fiscal-ref/sefaz');
const destino = resolve(aqui, '../src/dados');

type No = { '#text'?: string; '@_version'?: string };
type Ambiente = Record<string, No | undefined>;
const parser = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === 'UF' });
const ws = parser.parse(readFileSync(resolve(ref, 'sped-nfe__wsnfe_4.00_mod65.xml'), 'utf8')) as {
  WS: { UF: { sigla: string; homologacao?: Ambiente; producao?: Ambiente }[] };
};
const uriConsulta = JSON.parse(
  readFileSync(resolve(ref, 'sped-nfe__uri_consulta_nfce.json'), 'utf8'),
) as Record<string, Record<string, string>>;
const autorizadores = JSON.parse(
  readFileSync(resolve(ref, 'sped-nfe__autorizadores.json'), 'utf8'),
) as Record<string, Record<string, string>>;

const SERVICOS = [
  'NfeAutorizacao',
  'NfeRetAutorizacao',
  'NfeInutilizacao',
  'NfeConsultaProtocolo',
  'NfeStatusServico',
  'RecepcaoEvento',
] as const;

const webservices: Record<string, Record<'1' | '2', Record<string, string>>> = {};
const qr: Record<string, Record<'1' | '2', { url: string; versao: number }>> = {};
for (const uf of ws.WS.UF) {
  for (const [amb, bloco] of [
    ['1', uf.producao],
    ['2', uf.homologacao],
  ] as const) {
    if (!bloco) continue;
    const servicos: Record<string, string> = {};
    for (const s of SERVICOS) {
      const url = bloco[s]?.['#text']?.trim();
      if (url) servicos[s] = url;
    }
    if (Object.keys(servicos).length > 0) {
      webservices[uf.sigla] ??= { '1': {}, '2': {} };
      (webservices[uf.sigla] as Record<'1' | '2', Record<string, string>>)[amb] = servicos;
    }
    const q = bloco.NfeConsultaQR;
    if (q?.['#text']) {
      qr[uf.sigla] ??= {} as Record<'1' | '2', { url: string; versao: number }>;
      (qr[uf.sigla] as Record<'1' | '2', { url: string; versao: number }>)[amb] = {
        url: q['#text'].trim(),
        versao: Number(q['@_version'] ?? '200'),
      };
    }
  }
}

const dados = {
  fonte:
    'Gerado por packages/fiscal/scripts/gerar-dados-sefaz.ts a partir de shared/fiscal-ref/sefaz ' +
    '(nfephp-org/sped-nfe@3b44ec9: storage/wsnfe_4.00_mod65.xml, uri_consulta_nfce.json, autorizadores.json).',
  autorizadorNfce: autorizadores['65'],
  webservices,
  qrCode: qr,
  urlChave: uriConsulta,
};
writeFileSync(resolve(destino, 'sefaz-nfce.json'), `${JSON.stringify(dados, null, 2)}\n`);

const cstat = JSON.parse(readFileSync(resolve(ref, 'sped-nfe__cstat.json'), 'utf8')) as {
  cod: string;
  msg: string;
}[];
const mensagens: Record<string, string> = {};
for (const c of cstat) if (c.cod && c.msg) mensagens[c.cod] = c.msg;
writeFileSync(
  resolve(destino, 'cstat.json'),
  `${JSON.stringify(
    {
      fonte:
        'Gerado por packages/fiscal/scripts/gerar-dados-sefaz.ts a partir de shared/fiscal-ref/sefaz/sped-nfe__cstat.json ' +
        '(nfephp-org/sped-nfe@3b44ec9 storage/cstat.json, 2019; códigos posteriores não constam).',
      mensagens,
    },
    null,
    2,
  )}\n`,
);
console.log(`UFs com web services: ${Object.keys(webservices).join(',')}; QR: ${Object.keys(qr).length}`);
