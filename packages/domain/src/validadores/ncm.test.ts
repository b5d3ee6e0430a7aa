import { describe, expect, it } from 'vitest';
import { produtoGeral } from '../recursos/registro.ts';
import { validarRecurso } from '../recursos/validacao.ts';
import { MENSAGENS_NCM, validarFormatoNcm } from './ncm.ts';

describe('NCM do produto: formato (a tabela oficial é conferida pelo servidor)', () => {
  it('8 dígitos; pontos, letras e tamanhos errados recusados com o exemplo', () => {
    expect(validarFormatoNcm('22021000')).toBe(true);
    for (const v of ['2202100', '220210000', '2202.10.00', 'ABCDEFGH', '00']) {
      expect(validarFormatoNcm(v)).toBe(MENSAGENS_NCM.formato);
    }
  });

  it('o cadastro de produto usa a regra no campo NCM', () => {
    const r = validarRecurso(produtoGeral, { ncm: '1234567X' }, true);
    expect(r.erros.ncm).toBe(MENSAGENS_NCM.formato);
    expect(validarRecurso(produtoGeral, { ncm: '22021000' }, true).erros).toEqual({});
  });
});
