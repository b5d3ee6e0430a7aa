import { describe, expect, it } from 'vitest';
import { carregarCertificadoA1, MENSAGENS_CERTIFICADO, verificarValidade } from '../src/certificado.ts';
import { gerarCertificadoTeste } from './apoio.ts';

// Uploading an A1: node-forge's English ("PKCS#12 MAC could not be verified. Invalid password?") never reaches the
// person; the reason and the fix in pt-BR, dates on Brasília's clock instead of ISO UTC (issue 15 point 8).
describe('certificado A1: recusas em pt-BR', () => {
  const teste = gerarCertificadoTeste();

  it('senha errada, arquivo danificado, arquivo que não é PKCS#12', () => {
    expect(() => carregarCertificadoA1(teste.pfx, 'errada')).toThrow(MENSAGENS_CERTIFICADO.senha);
    const cortado = teste.pfx.subarray(0, Math.floor(teste.pfx.length / 2));
    expect(() => carregarCertificadoA1(cortado, teste.senha)).toThrow(MENSAGENS_CERTIFICADO.danificado);
    expect(() => carregarCertificadoA1(Buffer.from('não sou um certificado'), teste.senha)).toThrow(
      MENSAGENS_CERTIFICADO.danificado,
    );
    // A DER sequence that is not a PFX.
    expect(() => carregarCertificadoA1(Buffer.from([0x30, 0x03, 0x02, 0x01, 0x03]), teste.senha)).toThrow(
      /^Não foi possível abrir o certificado A1: /,
    );
    for (const m of Object.values(MENSAGENS_CERTIFICADO)) {
      if (typeof m === 'string') expect(m).not.toMatch(/password|MAC|ASN|DER|PKCS#12 PFX/);
    }
  });

  it('fora da validade: datas DD/MM/AAAA no horário de Brasília e o que fazer', () => {
    const c = carregarCertificadoA1(teste.pfx, teste.senha);
    const vencido = {
      ...c,
      validoDe: new Date('2025-01-10T02:00:00Z'),
      validoAte: new Date('2026-01-10T02:00:00Z'),
    };
    expect(() => verificarValidade(vencido, new Date('2026-11-25T12:00:00Z'))).toThrow(
      'Certificado digital fora da validade (de 09/01/2025 23:00:00 a 09/01/2026 23:00:00, horário de Brasília). ' +
        'Renove o certificado A1 com a Autoridade Certificadora e envie o novo arquivo .pfx.',
    );
    expect(() => verificarValidade(c, new Date())).not.toThrow();
  });
});
