import { X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rootCertificates } from 'node:tls';
import { carregarCertificadoA1, iniciarSimuladorSefaz } from '@retaguarda/fiscal';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lerConfig } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { tempoReal } from '../src/lib/tempo.ts';
import { gerarPfxDemonstracao } from '../src/modules/fiscal/certificado-demo.ts';
import { type EmpresaFiscal, ServicoFiscal } from '../src/modules/fiscal/fiscal.service.ts';

// Real SEFAZ servers present ICP-Brasil certificates, which Node does not trust by default: SEFAZ_CA names the
// bundle. The local simulator's self-signed certificate stands in for an ICP-Brasil server here.

describe('cadeia de certificados da SEFAZ (SEFAZ_CA)', () => {
  it('sem a cadeia o servidor da SEFAZ é recusado no TLS; com o arquivo PEM ou DER, aceito; arquivo ausente recusado com mensagem', async () => {
    const sim = await iniciarSimuladorSefaz({ porta: 0 });
    const pasta = mkdtempSync(path.join(tmpdir(), 'sefaz-ca-'));
    const pem = path.join(pasta, 'icp-brasil.pem');
    const der = path.join(pasta, 'ac-raiz.cer');
    writeFileSync(pem, sim.certificadoPem);
    writeFileSync(der, new X509Certificate(sim.certificadoPem).raw);
    const a1 = carregarCertificadoA1(gerarPfxDemonstracao('11222333000181', 'Loja', 'senha-a1'), 'senha-a1');
    const empresa = { id: 'e1', uf: 'PR', tpAmb: 2 } as EmpresaFiscal;
    const servico = (env: NodeJS.ProcessEnv) =>
      new ServicoFiscal({} as Db, lerConfig({}), tempoReal, pino({ level: 'silent' }), env);
    try {
      const sem = servico({ SEFAZ_URL: sim.url });
      await expect((await sem.cliente(empresa, a1)).statusServico()).rejects.toThrow(
        /Falha de conexão com a SEFAZ/,
      );
      for (const arquivo of [pem, der]) {
        const com = servico({ SEFAZ_URL: sim.url, SEFAZ_CA: arquivo });
        expect((await (await com.cliente(empresa, a1)).statusServico()).cStat).toBe(107);
        await com.fechar();
      }
      // Production (the UF's own URLs) carries the bundle too, beside the public roots.
      const producao = await servico({ NODE_ENV: 'production', SEFAZ_CA: pem }).destinoSefaz();
      expect(producao.url).toBeUndefined();
      expect(producao.ca).toHaveLength(rootCertificates.length + 1);
      expect(producao.ca).toContain(sim.certificadoPem.trim());
      await expect(
        servico({ SEFAZ_URL: sim.url, SEFAZ_CA: path.join(pasta, 'nao-existe.pem') }).destinoSefaz(),
      ).rejects.toThrow(
        `Arquivo da cadeia de certificados da SEFAZ (SEFAZ_CA) não encontrado: ${pasta}/nao-existe.pem`,
      );
      writeFileSync(path.join(pasta, 'vazio.pem'), 'nada aqui');
      await expect(
        servico({ SEFAZ_CA: path.join(pasta, 'vazio.pem'), SEFAZ_URL: sim.url }).destinoSefaz(),
      ).rejects.toThrow('não contém certificados (PEM ou DER)');
      await sem.fechar();
    } finally {
      await sim.fechar();
    }
  });
});
