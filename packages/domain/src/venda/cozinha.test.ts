import { describe, expect, it } from 'vitest';
import {
  confirmarParaCozinha,
  deslocarPosicoes,
  enviaCozinhaAoEncerrar,
  enviaCozinhaAoLancar,
} from './cozinha.ts';
import { criarItem, id, vendaComItens } from './fabricas-teste.ts';

const SERVICO = 9;
const ehServico = (i: { produto: { _id: string } }) => i.produto._id === id(SERVICO);
let n = 0;
const novoId = () => id(0x1000 + ++n);

describe('when lines go to the kitchen', () => {
  it.each([
    [53, false, false, true],
    [53, true, true, true],
    [54, true, false, false],
    [55, false, false, true],
    [56, true, false, false],
  ])(
    'sale type %i, store sends counter lines at once %s: at launch %s, at the end %s',
    (tipo, aoLancar, lanca, encerra) => {
      expect(enviaCozinhaAoLancar(tipo, { enviarBalcaoCozinhaAoLancar: aoLancar })).toBe(lanca);
      expect(enviaCozinhaAoEncerrar(tipo)).toBe(encerra);
    },
  );

  it('confirms only what the kitchen has not got: not sent, not cancelled, not a service line', () => {
    const venda = vendaComItens(
      [{ confirmado: true, _id: id(0x77) }, {}, { cancelado: true }, { produto: SERVICO }, {}],
      { tipoVenda: { id: 54 } },
    );
    const r = confirmarParaCozinha(venda, ehServico, novoId);
    expect(r.confirmados).toEqual([2, 5]);
    expect(r.venda.produtos.map((i) => i.confirmado)).toEqual([true, true, false, false, true]);
    expect(r.venda.produtos[0]?._id).toBe(id(0x77));
    expect(r.venda.produtos[1]?._id).toMatch(/^[0-9a-f]{24}$/);
    // Again: nothing more, the same sale.
    const de_novo = confirmarParaCozinha(r.venda, ehServico, novoId);
    expect(de_novo.confirmados).toEqual([]);
    expect(de_novo.venda).toBe(r.venda);
  });

  it('an ended sale with unsent lines is refused; with nothing to send it is left alone', () => {
    const encerrada = vendaComItens([{}], { status: { id: 59 } });
    expect(() => confirmarParaCozinha(encerrada, ehServico, novoId)).toThrow();
    const enviada = vendaComItens([{ confirmado: true, _id: id(0x78) }], { status: { id: 59 } });
    expect(confirmarParaCozinha(enviada, ehServico, novoId).confirmados).toEqual([]);
  });
});

describe('merged tables', () => {
  it('moved seats come after the destination ones; lines without seats stay', () => {
    const item = criarItem({
      posicao: [
        { numero: 1, quantidade: '0.5' },
        { numero: 2, quantidade: '0.5' },
      ],
    });
    expect(deslocarPosicoes(item, 3).posicao.map((p) => p.numero)).toEqual([4, 5]);
    expect(deslocarPosicoes(item, 0)).toBe(item);
    const semPosicao = criarItem();
    expect(deslocarPosicoes(semPosicao, 3)).toBe(semPosicao);
  });
});
