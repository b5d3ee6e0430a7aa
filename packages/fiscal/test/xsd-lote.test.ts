import { describe, expect, it } from 'vitest';
import { gerarNfce } from '../src/nfce/assinar.ts';
import { execucoesXsd, validarXsd } from '../src/xsd.ts';
import { dadosTeste, gerarCertificadoTeste } from './apoio.ts';

// Many terminals end sales at once: their notes' XSD checks share xmllint runs instead of queueing one run each,
// and each caller still gets the answer for its own document.
describe('validações XSD simultâneas', () => {
  const cert = gerarCertificadoTeste().certificado;
  const valida = gerarNfce(dadosTeste(), cert).xml;
  const invalida = valida.replace('<mod>65</mod>', '<mod>66</mod>');

  it('30 pedidos ao mesmo tempo: poucas execuções, cada um com o seu resultado', async () => {
    await validarXsd(valida, 'nfe');
    const antes = execucoesXsd();
    const docs = Array.from({ length: 30 }, (_, i) => (i % 7 === 3 ? invalida : valida));
    const rs = await Promise.all(docs.map((d) => validarXsd(d, 'nfe')));
    expect(rs.map((r) => r.valido)).toEqual(docs.map((d) => d === valida));
    for (const r of rs.filter((x) => !x.valido)) expect(r.erros.join()).toContain('mod');
    // The first run goes alone; the 29 that waited for it share one more run.
    expect(execucoesXsd() - antes).toBeLessThanOrEqual(3);
  });

  it('um documento que nem é XML falha sozinho: os outros do mesmo lote recebem o seu resultado', async () => {
    const docs = [valida, '<NFe><infNFe', valida, 'não é xml', invalida];
    const rs = await Promise.allSettled(docs.map((d) => validarXsd(d, 'nfe')));
    const valores = rs.map((r) => (r.status === 'fulfilled' ? r.value.valido : 'erro'));
    expect(valores[0]).toBe(true);
    expect(valores[2]).toBe(true);
    expect(valores[4]).toBe(false);
    expect(valores[1]).not.toBe(true);
    expect(valores[3]).not.toBe(true);
  });

  it('esquemas diferentes ao mesmo tempo: cada documento validado pelo seu esquema', async () => {
    const [nota, lote] = await Promise.all([validarXsd(valida, 'nfe'), validarXsd(valida, 'enviNFe')]);
    expect(nota.valido).toBe(true);
    // An NFe is not an enviNFe: the root element is refused by that schema.
    expect(lote.valido).toBe(false);
  });
});
