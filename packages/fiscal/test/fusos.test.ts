import { describe, expect, it } from 'vitest';
import { dataHoraLegivel, formatarDataHora, fusoDaUf } from '../src/datas.ts';
import { montarNfce } from '../src/nfce/montar.ts';
import { CODIGOS_UF, type Uf } from '../src/ufs.ts';
import { dadosTeste } from './apoio.ts';

// Legal time per state, without daylight saving (abolished by Decreto 9.772/2019): the offset written in
// dhEmi/dhCont and the clock printed on the DANFE are the store's, not Brasília's nor UTC.
describe('fuso horário da UF', () => {
  it('AC -05:00; AM, MT, MS, RO, RR -04:00; as demais -03:00', () => {
    const esperado: Partial<Record<Uf, string>> = {
      AC: '-05:00',
      AM: '-04:00',
      MT: '-04:00',
      MS: '-04:00',
      RO: '-04:00',
      RR: '-04:00',
    };
    for (const uf of Object.keys(CODIGOS_UF) as Uf[]) {
      expect(fusoDaUf(uf), uf).toBe(esperado[uf] ?? '-03:00');
    }
  });

  it('municípios fora do horário da capital: oeste do Amazonas -05:00, Fernando de Noronha -02:00', () => {
    expect(fusoDaUf('AM', '1304062')).toBe('-05:00'); // Tabatinga
    expect(fusoDaUf('AM', '1302603')).toBe('-04:00'); // Manaus
    expect(fusoDaUf('PE', '2605459')).toBe('-02:00');
    expect(fusoDaUf('PE', '2611606')).toBe('-03:00'); // Recife
    expect(fusoDaUf(null)).toBe('-03:00');
  });

  it('o mesmo instante no relógio de cada estado, sem horário de verão em janeiro nem em julho', () => {
    for (const instante of ['2027-01-15T02:30:00Z', '2026-07-15T02:30:00Z']) {
      const d = new Date(instante);
      const dia = instante.slice(0, 8);
      expect(formatarDataHora(d, fusoDaUf('AC'))).toBe(`${dia}14T21:30:00-05:00`);
      expect(formatarDataHora(d, fusoDaUf('MT'))).toBe(`${dia}14T22:30:00-04:00`);
      expect(formatarDataHora(d, fusoDaUf('SP'))).toBe(`${dia}14T23:30:00-03:00`);
      expect(formatarDataHora(d, '-02:00')).toBe(`${dia}15T00:30:00-02:00`);
    }
  });

  it('data legível: DD/MM/AAAA hh:mm:ss no relógio pedido, a partir de Date ou de texto com fuso', () => {
    expect(dataHoraLegivel(new Date('2026-11-25T03:10:05Z'), '-04:00')).toBe('24/11/2026 23:10:05');
    expect(dataHoraLegivel('2026-11-25T00:10:05-03:00', '-05:00')).toBe('24/11/2026 22:10:05');
    expect(dataHoraLegivel('2026-11-25T00:10:05-03:00')).toBe('25/11/2026 00:10:05');
  });

  it('dhEmi e dhCont da nota saem no fuso informado; o mês da chave é o do relógio local', () => {
    // 00:30 UTC of 1 December is still 30 November in Cuiabá: the key's AAMM follows dhEmi (2611).
    const d = dadosTeste({}, 1);
    d.dhEmi = new Date('2026-12-01T00:30:00Z');
    d.fuso = fusoDaUf('MT');
    d.tpEmis = 9;
    d.contingencia = { dhCont: new Date('2026-12-01T00:20:00Z'), xJust: 'SEFAZ fora do ar no momento' };
    const n = montarNfce(d);
    expect(n.dhEmi).toBe('2026-11-30T20:30:00-04:00');
    expect(n.infNFe).toContain('<dhEmi>2026-11-30T20:30:00-04:00</dhEmi>');
    expect(n.infNFe).toContain('<dhCont>2026-11-30T20:20:00-04:00</dhCont>');
    expect(n.chave.slice(2, 6)).toBe('2611');
  });
});
