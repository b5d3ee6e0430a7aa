/// <reference types="node" />
// biome-ignore lint/style/noRestrictedImports: the test reads its positional fixture as the user's file would come.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CABECALHO_EXTRATO, detectarFormatoExtrato, type LinhaExtrato, lerExtrato } from './extrato.ts';
import { lerExtratoCielo } from './extrato-cielo.ts';

// Our own file, written from Cielo's published v14 layout (fixtures/SOURCES.md): a debit, two credit sales in
// one RO (fee shared), the 2nd of 3 instalments, and a chargeback (ajuste a débito), then the trailer.
const FIXTURE = readFileSync(new URL('./fixtures/cielo-v14-pagamentos.txt', import.meta.url), 'utf8');
const registros = FIXTURE.trimEnd().split('\n');

/** The fixture with record `i` (0 = header) changed by `mudar`. */
function comRegistro(i: number, mudar: (r: string) => string): string {
  return registros.map((r, k) => (k === i ? mudar(r) : r)).join('\n');
}

/** Writes `texto` from 1-based position `inicio`, as the manual numbers positions. */
const trocar = (r: string, inicio: number, texto: string) =>
  r.slice(0, inicio - 1) + texto + r.slice(inicio - 1 + texto.length);

const semChave = (linhas: LinhaExtrato[]) => linhas.map(({ chave, linha, ...l }) => l);

describe('lerExtratoCielo (extrato eletrônico v14, CIELO04)', () => {
  it('reads every CV of the fixture to the cent, with the RO fee shared among its CVs', () => {
    const r = lerExtrato(FIXTURE);
    expect(detectarFormatoExtrato(FIXTURE)).toBe('cieloEletronico');
    expect(r.erros).toEqual([]);
    expect(r.formato).toBe('cieloEletronico');
    expect(r.dataInicial).toBe('2026-03-05');
    expect(r.dataFinal).toBe('2026-04-06');
    const comum = { operadora: 'Cielo' };
    expect(r.linhas.map(({ chave, ...l }) => l)).toEqual([
      {
        ...comum,
        linha: 3,
        dataPagamento: '2026-03-05',
        bandeira: 'Visa',
        produto: 'debito',
        dataVenda: '2026-03-04',
        nsu: '000123',
        autorizacao: 'A1B2C3',
        parcela: 1,
        parcelas: 1,
        valorBruto: 10000,
        taxa: 139,
        valorLiquido: 9861,
      },
      {
        ...comum,
        linha: 5,
        dataPagamento: '2026-04-03',
        bandeira: 'Mastercard',
        produto: 'credito',
        dataVenda: '2026-03-04',
        nsu: '000124',
        autorizacao: '777001',
        parcela: 1,
        parcelas: 1,
        valorBruto: 15000,
        // 4,78 × 150/200 = 3,585 → 3,59; the last CV gets the remainder (1,19) so the RO adds up.
        taxa: 359,
        valorLiquido: 14641,
      },
      {
        ...comum,
        linha: 6,
        dataPagamento: '2026-04-03',
        bandeira: 'Mastercard',
        produto: 'credito',
        dataVenda: '2026-03-04',
        nsu: '000125',
        autorizacao: '777002',
        parcela: 1,
        parcelas: 1,
        valorBruto: 5000,
        taxa: 119,
        valorLiquido: 4881,
      },
      {
        ...comum,
        linha: 8,
        dataPagamento: '2026-04-06',
        bandeira: 'Elo',
        produto: 'creditoParcelado',
        dataVenda: '2026-03-04',
        nsu: '000456',
        autorizacao: 'ELO456',
        parcela: 2,
        parcelas: 3,
        valorBruto: 3333,
        taxa: 80,
        valorLiquido: 3253,
      },
      {
        ...comum,
        linha: 10,
        dataPagamento: '2026-03-10',
        bandeira: 'Visa',
        produto: 'credito',
        dataVenda: '2026-02-20',
        nsu: '000789',
        autorizacao: 'CHG001',
        parcela: 1,
        parcelas: 1,
        valorBruto: -5000,
        taxa: 0,
        valorLiquido: -5000,
      },
    ]);
  });

  it('gives the same lines as the CSV of the same sales (line number and key aside)', () => {
    const csv = [
      CABECALHO_EXTRATO,
      '05/03/2026;Cielo;Visa;debito;04/03/2026;000123;A1B2C3;1;1;100,00;1,39;98,61',
      '03/04/2026;Cielo;Mastercard;credito;04/03/2026;000124;777001;1;1;150,00;3,59;146,41',
      '03/04/2026;Cielo;Mastercard;credito;04/03/2026;000125;777002;1;1;50,00;1,19;48,81',
      '06/04/2026;Cielo;Elo;creditoParcelado;04/03/2026;000456;ELO456;2;3;33,33;0,80;32,53',
      '10/03/2026;Cielo;Visa;credito;20/02/2026;000789;CHG001;1;1;-50,00;0;-50,00',
    ].join('\n');
    const doCsv = lerExtrato(csv);
    const daCielo = lerExtrato(FIXTURE);
    expect(doCsv.erros).toEqual([]);
    expect(semChave(daCielo.linhas)).toEqual(semChave(doCsv.linhas));
    // Same identity too: the same sale imported from either file is the same line for the server.
    expect(daCielo.linhas.map((l) => l.chave)).toEqual(doCsv.linhas.map((l) => l.chave));
  });

  it('is stable: reading the same file twice gives the same keys, all different', () => {
    const a = lerExtratoCielo(FIXTURE).linhas.map((l) => l.chave);
    expect(lerExtratoCielo(FIXTURE).linhas.map((l) => l.chave)).toEqual(a);
    expect(new Set(a).size).toBe(5);
  });

  it('reports a bad sale date and a bad amount with line, column and positions in pt-BR; good lines still come', () => {
    let texto = comRegistro(2, (r) => trocar(r, 38, '20260231'));
    texto = texto
      .split('\n')
      .map((r, k) => (k === 4 ? trocar(r, 47, '00000001500X0') : r))
      .join('\n');
    const r = lerExtratoCielo(texto);
    expect(r.erros).toEqual([
      {
        linha: 3,
        coluna: 'data_venda',
        mensagem: 'data da venda inválida ("20260231", posições 038–045): use AAAAMMDD.',
      },
      {
        linha: 5,
        coluna: 'valor_bruto',
        mensagem:
          'valor da venda inválido ("+00000001500X0", posições 046–059): sinal + ou - e 13 dígitos em centavos.',
      },
    ]);
    expect(r.linhas.map((l) => l.linha)).toEqual([6, 8, 10]);
  });

  it('reports a bad RO payment date on the RO line and drops its CVs', () => {
    const r = lerExtratoCielo(comRegistro(6, (r) => trocar(r, 32, '261399')));
    expect(r.erros).toEqual([
      {
        linha: 7,
        coluna: 'data_pagamento',
        mensagem: 'data prevista de pagamento do RO inválida ("261399", posições 032–037): use AAMMDD.',
      },
    ]);
    expect(r.linhas.map((l) => l.linha)).toEqual([3, 5, 6, 10]);
  });

  it('reports a truncated record and keeps the other lines', () => {
    const r = lerExtratoCielo(comRegistro(5, (r) => r.slice(0, 60)));
    expect(r.erros).toEqual([{ linha: 6, mensagem: 'Registro 2 cortado: 60 posições, o layout tem 250.' }]);
    // The RO's other CV still comes, with the whole RO fee (its share cannot be known without the cut CV).
    expect(r.linhas.map((l) => l.linha)).toEqual([3, 5, 8, 10]);
  });

  it('checks the trailer: record count, CV count and gross sum of the ROs', () => {
    const contagem = lerExtratoCielo(comRegistro(10, (r) => trocar(r, 2, '00000000008')));
    expect(contagem.erros).toEqual([
      {
        linha: 11,
        mensagem: 'Trailer informa 8 registros (posições 002–012), o arquivo tem 9: pode estar incompleto.',
      },
    ]);
    const soma = lerExtratoCielo(comRegistro(10, (r) => trocar(r, 43, '00000000000028334')));
    expect(soma.erros).toEqual([
      {
        linha: 11,
        coluna: 'valor_bruto',
        mensagem: 'Trailer informa valor bruto dos ROs 283,34 (posições 042–059), a soma dos ROs é 283,33.',
      },
    ]);
    const semTrailer = lerExtratoCielo(registros.slice(0, -1).join('\n'));
    expect(semTrailer.erros.map((e) => e.mensagem)).toEqual([
      'Arquivo sem o trailer (registro 9): pode estar incompleto.',
    ]);
    // The lines are still read: the user sees what came and the warning.
    expect(semTrailer.linhas).toHaveLength(5);
  });

  it('refuses a kind or a version it does not read with a clear message', () => {
    const saldo = lerExtrato(comRegistro(0, (r) => trocar(r, 48, '09')));
    expect(saldo.formato).toBe('cieloEletronico');
    expect(saldo.linhas).toEqual([]);
    expect(saldo.erros).toEqual([
      {
        linha: 1,
        mensagem:
          'Arquivo CIELO09 (saldo em aberto) não é lido: importe o extrato de pagamentos (CIELO04) ou de vendas (CIELO03).',
      },
    ]);
    const v15 = lerExtrato(comRegistro(0, (r) => trocar(r, 71, '015')));
    expect(v15.linhas).toEqual([]);
    expect(v15.erros[0]!.mensagem).toBe(
      'Extrato eletrônico da Cielo na versão "015" (posições 071–073): só a versão 14 (registros 0, 1, 2, 9) é lida. ' +
        'A versão 15 (registros D e E) ainda não é lida; exporte o extrato no nosso layout CSV.',
    );
    // A v15 body (records D/E) under a header we would accept is refused too, not half read.
    const corpoV15 = lerExtrato(comRegistro(1, (r) => `D${r.slice(1)}`));
    expect(corpoV15.linhas).toEqual([]);
    expect(corpoV15.erros.map((e) => e.linha)).toEqual([2]);
    expect(corpoV15.erros[0]!.mensagem).toMatch(/A versão 15 \(registros D e E\) ainda não é lida/);
  });

  it('reads CIELO03 (sales with the payment forecast): same records', () => {
    const r = lerExtrato(comRegistro(0, (r) => trocar(r, 48, '03')));
    expect(r.erros).toEqual([]);
    expect(r.linhas).toHaveLength(5);
  });
});
