// Issue 15 points 3, 10 and 11, without a database: a production store is never sent to the simulator, the
// contingency justification reads as a fact with its time, and infRespTec comes from the deployment.
import { carregarCertificadoA1, iniciarSimuladorSefaz, OPERACOES, urlWebservice } from '@retaguarda/fiscal';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lerConfig } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { ErroNegocio } from '../src/lib/envelope.ts';
import { tempoReal } from '../src/lib/tempo.ts';
import {
  destinoDoAmbiente,
  justificativaContingencia,
  MENSAGEM_RESPONSAVEL_INVALIDO,
  RESPONSAVEL_TECNICO_DEMONSTRACAO,
  responsavelTecnicoPadrao,
} from '../src/modules/fiscal/ambiente-sefaz.ts';
import { gerarPfxDemonstracao } from '../src/modules/fiscal/certificado-demo.ts';
import { type EmpresaFiscal, ServicoFiscal } from '../src/modules/fiscal/fiscal.service.ts';

const a1 = carregarCertificadoA1(gerarPfxDemonstracao('11222333000181', 'Loja', 'senha-a1'), 'senha-a1');
const servico = (env: NodeJS.ProcessEnv) =>
  new ServicoFiscal({} as Db, lerConfig({}), tempoReal, pino({ level: 'silent' }), env);
const loja = (tpAmb: 1 | 2) => ({ id: `loja-${tpAmb}`, uf: 'PR', tpAmb }) as EmpresaFiscal;

describe('produção nunca vai ao simulador (ponto 3)', () => {
  it('com o simulador local ligado, a loja em homologação vai a ele e a loja em produção à SEFAZ-PR', async () => {
    const s = servico({ SEFAZ_SIMULADOR_ARQUIVO: '' });
    try {
      const sim = await s.destinoSefaz();
      expect(sim.simulador).toBe(true);
      const homologacao = await s.cliente(loja(2), a1);
      expect(homologacao.url(OPERACOES.autorizacao).startsWith(sim.url ?? '-')).toBe(true);
      const producao = await s.cliente(loja(1), a1);
      expect(producao.url(OPERACOES.autorizacao)).toBe(urlWebservice('PR', 1, 'NfeAutorizacao'));
      expect(producao.url(OPERACOES.autorizacao)).not.toContain('localhost');
    } finally {
      await s.fechar();
    }
  });

  it('SEFAZ_URL nesta máquina (um simulador) ou o simulador dos testes não valem para produção; SEFAZ_URL remota vale', async () => {
    const sim = await iniciarSimuladorSefaz();
    try {
      const s = servico({ SEFAZ_URL: sim.url });
      expect((await s.cliente(loja(2), a1)).url(OPERACOES.autorizacao).startsWith(sim.url)).toBe(true);
      expect((await s.cliente(loja(1), a1)).url(OPERACOES.autorizacao)).toBe(
        urlWebservice('PR', 1, 'NfeAutorizacao'),
      );
      await s.fechar();
      const t = servico({});
      t.usarSefaz({ url: 'https://sefaz.exemplo.com.br', ca: sim.certificadoPem, simulador: true });
      expect((await t.cliente(loja(1), a1)).url(OPERACOES.autorizacao)).toBe(
        urlWebservice('PR', 1, 'NfeAutorizacao'),
      );
      await t.fechar();
    } finally {
      await sim.fechar();
    }
    const remota = { url: 'https://proxy-sefaz.exemplo.com.br', simulador: false };
    expect(destinoDoAmbiente(remota, 1, () => undefined)).toBe(remota);
    expect(destinoDoAmbiente({ url: 'https://[::1]:8443', simulador: false }, 1, () => ['ca'])).toEqual({
      simulador: false,
      ca: ['ca'],
    });
  });
});

describe('justificativa da contingência (ponto 10)', () => {
  it('diz SEFAZ indisponível com a data e a hora da loja, sem erro técnico', () => {
    const instante = new Date('2026-11-25T22:22:00Z');
    expect(justificativaContingencia(instante, '-03:00')).toBe(
      'SEFAZ indisponível em 25/11/2026 às 19:22 para autorização da NFC-e; nota emitida em contingência off-line',
    );
    expect(justificativaContingencia(instante, '-04:00')).toContain('às 18:22');
    expect(justificativaContingencia(instante, '-03:00').length).toBeLessThanOrEqual(256);
  });
});

describe('responsável técnico do software (ponto 11)', () => {
  it('vem da implantação; fora de produção sem configuração, o da demonstração; em produção sem ela, nenhum', () => {
    expect(
      responsavelTecnicoPadrao({
        RESPONSAVEL_TECNICO_CNPJ: '11.444.777/0001-61',
        RESPONSAVEL_TECNICO_CONTATO: 'Equipe Fiscal',
        RESPONSAVEL_TECNICO_EMAIL: 'fiscal@software.com.br',
        RESPONSAVEL_TECNICO_FONE: '(41) 3333-4444',
      }),
    ).toEqual({
      CNPJ: '11444777000161',
      xContato: 'Equipe Fiscal',
      email: 'fiscal@software.com.br',
      fone: '4133334444',
    });
    expect(responsavelTecnicoPadrao({})).toEqual(RESPONSAVEL_TECNICO_DEMONSTRACAO);
    expect(responsavelTecnicoPadrao({ NODE_ENV: 'production' })).toBeNull();
  });

  it('configuração inválida é recusada com mensagem clara', () => {
    const errado = () =>
      responsavelTecnicoPadrao({
        RESPONSAVEL_TECNICO_CNPJ: '11444777000162',
        RESPONSAVEL_TECNICO_CONTATO: 'Equipe Fiscal',
        RESPONSAVEL_TECNICO_EMAIL: 'fiscal@software.com.br',
        RESPONSAVEL_TECNICO_FONE: '4133334444',
      });
    expect(errado).toThrow(ErroNegocio);
    expect(errado).toThrow(MENSAGEM_RESPONSAVEL_INVALIDO);
  });
});
