import { describe, expect, it } from 'vitest';
import { mensagemCadastroNaFranqueadora, reservadaAFranqueadora } from './cadastro-franqueadora.ts';
import { PERMISSAO } from './permissoes.ts';

const loja = { controleDeFranquia: true, tipoEmpresa: 'Franquia', franqueadora: 'Franqueadora Exemplo' };

describe('mensagemCadastroNaFranqueadora', () => {
  it('says who registers products and numbering in a store under franchise control', () => {
    expect(mensagemCadastroNaFranqueadora(PERMISSAO.produtoGeralIncluir, loja)).toBe(
      'Cadastro feito pela Franqueadora Exemplo: os produtos são incluídos e alterados na empresa gestora da franquia.',
    );
    expect(mensagemCadastroNaFranqueadora(PERMISSAO.empresaNumeroNotaAcessar, loja)).toBe(
      'Cadastro feito pela Franqueadora Exemplo: a numeração das notas fiscais das lojas é definida na empresa gestora da franquia.',
    );
    expect(mensagemCadastroNaFranqueadora(PERMISSAO.configuracaoImpostoIPIManter, loja)).toBe(
      "Cadastro feito pela Franqueadora Exemplo: os registros de 'Configuração de IPI' são incluídos e alterados na empresa gestora da franquia.",
    );
  });

  it('is silent in the franchise manager, without franchise control and for ordinary permissions', () => {
    expect(
      mensagemCadastroNaFranqueadora(PERMISSAO.produtoGeralIncluir, {
        ...loja,
        tipoEmpresa: 'Gestor Franquia',
      }),
    ).toBeNull();
    expect(
      mensagemCadastroNaFranqueadora(PERMISSAO.produtoGeralIncluir, { ...loja, controleDeFranquia: false }),
    ).toBeNull();
    expect(mensagemCadastroNaFranqueadora(PERMISSAO.produtoGeralAcessar, loja)).toBeNull();
    expect(reservadaAFranqueadora(PERMISSAO.acessarFrenteLoja, loja)).toBe(false);
  });

  it('with the permissions franchise control held back, only those get the note', () => {
    const retidas = [PERMISSAO.produtoGeralIncluir];
    expect(reservadaAFranqueadora(PERMISSAO.produtoGeralIncluir, { ...loja, retidas })).toBe(true);
    expect(mensagemCadastroNaFranqueadora(PERMISSAO.produtoGeralAlterar, { ...loja, retidas })).toBeNull();
    expect(
      mensagemCadastroNaFranqueadora(PERMISSAO.produtoGeralIncluir, { ...loja, retidas: [] }),
    ).toBeNull();
  });

  it('names the franchise manager generically when the group has none named', () => {
    expect(
      mensagemCadastroNaFranqueadora(PERMISSAO.produtoGeralAlterar, { ...loja, franqueadora: null }),
    ).toBe(
      'Cadastro feito pela franqueadora do grupo: os produtos são incluídos e alterados na empresa gestora da franquia.',
    );
  });
});
