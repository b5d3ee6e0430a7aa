import { describe, expect, it } from 'vitest';
import {
  formaPagamento,
  grupoEmpresarial,
  pessoa,
  produtoCombo,
  produtoGeral,
  produtoPromocao,
  tabelaVenda,
  unidadeMedida,
  usuarios,
} from './registro.ts';
import { validarRecurso } from './validacao.ts';

describe('validarRecurso', () => {
  it('requires mandatory fields on create with the spec message, not on a partial update', () => {
    expect(validarRecurso(unidadeMedida, { descricao: 'Unidade' }, false).erros).toEqual({
      sigla: '* Obrigatório',
    });
    expect(validarRecurso(unidadeMedida, { descricao: 'Unidade' }, true).erros).toEqual({});
    expect(validarRecurso(unidadeMedida, { sigla: '  ' }, true).erros).toEqual({ sigla: '* Obrigatório' });
  });

  it('applies the text validators with their messages; empty values pass', () => {
    expect(validarRecurso(pessoa, { nome: 'A', cpfCnpj: '12345678900' }, false).erros).toEqual({
      cpfCnpj: 'CPF Inválido',
    });
    expect(validarRecurso(pessoa, { nome: 'A', cpfCnpj: '11222333000180' }, false).erros).toEqual({
      cpfCnpj: 'CNPJ Inválido',
    });
    expect(validarRecurso(pessoa, { nome: 'A', email: 'x@' }, false).erros).toEqual({
      email: 'E-mail Inválido',
    });
    expect(validarRecurso(pessoa, { nome: 'A', cpfCnpj: '', email: '' }, false).erros).toEqual({});
    expect(
      validarRecurso(produtoGeral, { descricao: 'A', tipoProduto: { id: 1 }, gtin: '7894900011518' }, false)
        .erros,
    ).toEqual({
      gtin: 'GTIN Inválido',
    });
  });

  it('checks numeric and length bounds with the spec messages', () => {
    expect(validarRecurso(unidadeMedida, { sigla: 'ABCDEFG', descricao: 'x' }, false).erros.sigla).toBe(
      'Quantidade máximo obrigatório: 6',
    );
    expect(
      validarRecurso(produtoGeral, { descricao: 'A', tipoProduto: { id: 1 }, preco: -1 }, false).erros.preco,
    ).toBe('Valor mínimo obrigatório: 0');
  });

  it('stores the catalogue entry for a known id and refuses an unknown one', () => {
    const ok = validarRecurso(formaPagamento, { descricao: 'Pix', tipo: { id: 90 }, tipoTroco: 2 }, false);
    expect(ok.erros).toEqual({});
    expect(ok.valores.tipo).toMatchObject({ id: 90, grupo: 'tipoPagamento', descricao: 'Carteira Digital' });
    expect(ok.valores.tipoTroco).toMatchObject({ id: 2, grupo: 'tipoTroco' });
    const ruim = validarRecurso(
      formaPagamento,
      { descricao: 'X', tipo: { id: 999 }, tipoTroco: { id: 1 } },
      false,
    );
    expect(ruim.erros).toEqual({ tipo: 'Opção inválida.' });
  });

  it('ignores private fields and refuses non-object bodies', () => {
    const r = validarRecurso(
      usuarios,
      { nome: 'A', email: 'a@b.com', codigoInterno: 9, senhaHash: 'x' },
      false,
    );
    expect(r.erros).toEqual({});
    expect(r.valores).not.toHaveProperty('senhaHash');
    expect(validarRecurso(usuarios, [1, 2], false).erros).toEqual({ _: 'Dados inválidos.' });
  });
});

describe('validarRecurso: json blocks with sub-fields', () => {
  it('checks the sub-fields of a block and of each record of a list, with dotted keys', () => {
    const r = validarRecurso(
      pessoa,
      {
        nome: 'Ana',
        endereco: { cep: '123', logradouro: '', cidade: 'Curitiba' },
        outrosTelefones: [
          { ddd: '41', numero: '999887766' },
          { ddd: '4', numero: '' },
        ],
      },
      false,
    );
    expect(r.erros).toEqual({
      'endereco.cep': 'CEP inválido!',
      'endereco.logradouro': '* Obrigatório',
      'outrosTelefones.1.ddd': 'Quantidade mínimo obrigatório: 2 e quantidade máximo de: 2',
      'outrosTelefones.1.numero': '* Obrigatório',
    });
  });

  it('treats an empty block as not filled and keeps keys it does not know', () => {
    const r = validarRecurso(
      pessoa,
      { nome: 'Ana', endereco: {}, outrosEnderecos: {}, telefone: { numero: '99887766', x: 1 } },
      false,
    );
    expect(r.erros).toEqual({});
    expect(r.valores.outrosEnderecos).toEqual([]);
    expect(r.valores.telefone).toEqual({ numero: '99887766', x: 1 });
  });

  it('accepts only the listed options of a text field or a list block', () => {
    expect(validarRecurso(pessoa, { nome: 'A', tiposPessoa: ['Cliente', 'Outro'] }, false).erros).toEqual({
      tiposPessoa: 'Opção inválida.',
    });
    expect(validarRecurso(pessoa, { nome: 'A', sexo: 'X' }, false).erros).toEqual({
      sexo: 'Opção inválida.',
    });
    expect(
      validarRecurso(pessoa, { nome: 'A', tiposPessoa: ['Cliente'], sexo: 'Feminino' }, false).erros,
    ).toEqual({});
  });
});

describe('validarRecurso: cross-field rules of a promotion window', () => {
  const base = { tipoPromocao: { id: 1 }, valor: '9.90', produto: '0123456789abcdef01234567' };
  const dias = (marcados: string[]) =>
    Object.fromEntries(
      ['domingo', 'segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado'].map((d) => [
        d,
        marcados.includes(d),
      ]),
    );

  it('refuses a period shorter than a week where no checked weekday occurs', () => {
    // 2026-03-10 is a Tuesday, 2026-03-12 a Thursday.
    const r = validarRecurso(
      produtoPromocao,
      { ...base, dataInicio: '2026-03-10', dataFim: '2026-03-12', ...dias(['sabado', 'domingo']) },
      false,
    );
    expect(r.erros).toEqual({
      dataFim:
        'Os dias da semana marcados (Domingo, Sábado) não ocorrem entre 10/03/2026 e 12/03/2026: a promoção nunca seria aplicada.',
    });
  });

  it('accepts the same cut-off once the period reaches seven days, or when a checked day occurs', () => {
    const semana = { ...base, dataInicio: '2026-03-10', dataFim: '2026-03-16', ...dias(['sabado']) };
    expect(validarRecurso(produtoPromocao, semana, false).erros).toEqual({});
    const quarta = {
      ...base,
      dataInicio: '2026-03-10',
      dataFim: '2026-03-12',
      ...dias(['quarta', 'sabado']),
    };
    expect(validarRecurso(produtoPromocao, quarta, false).erros).toEqual({});
  });

  it('refuses an end before the start and a window without any weekday', () => {
    const r = validarRecurso(
      produtoPromocao,
      { ...base, dataInicio: '12/03/2026', dataFim: '10/03/2026' },
      false,
    );
    expect(r.erros).toEqual({ dataFim: 'A Data Fim não pode ser anterior à Data Início.' });
    expect(validarRecurso(produtoPromocao, { ...base, ...dias([]) }, false).erros).toEqual({
      segunda: 'Marque ao menos um dia da semana.',
    });
  });
});

describe('validarRecurso: combo groups, price-table lines, IBS/CBS classification', () => {
  const P1 = 'a'.repeat(24);
  const P2 = 'b'.repeat(24);
  const combo = {
    descricao: 'Pizza + Refri',
    desconto: '10',
    tipoDesconto: { id: 1 },
  };

  it('a combo needs at least one group, each with a quantity of at least 1 and some product', () => {
    const def = produtoCombo;
    expect(validarRecurso(def, { ...combo, agrupadores: [] }, false).erros).toEqual({
      agrupadores: '* Obrigatório',
    });
    expect(validarRecurso(def, { ...combo, agrupadores: {} }, false).erros).toEqual({
      agrupadores: '* Obrigatório',
    });
    expect(
      validarRecurso(
        def,
        { ...combo, agrupadores: [{ descricao: 'Pizza', quantidade: 0, produtos: [] }] },
        false,
      ).erros,
    ).toEqual({
      'agrupadores.0.quantidade': 'Valor mínimo obrigatório: 1 e valor máximo de : 99',
      'agrupadores.0.produtos': '* Obrigatório',
    });
    const ok = validarRecurso(def, { ...combo, agrupadores: [{ quantidade: 1, produtos: [P1] }] }, false);
    expect(ok.erros).toEqual({});
  });

  it('a price table needs a filled line and names each product once', () => {
    const def = tabelaVenda;
    const base = { descricao: 'Delivery', tipoVenda: [{ id: 55 }] };
    expect(validarRecurso(def, { ...base, precos: [{ produto: '', preco: '' }] }, false).erros).toEqual({
      precos: '* Obrigatório',
    });
    expect(
      validarRecurso(
        def,
        {
          ...base,
          precos: [
            { produto: P1, preco: '10.00' },
            { produto: P2, preco: '12.00' },
            { produto: P1, preco: '9.00' },
          ],
        },
        false,
      ).erros,
    ).toEqual({ 'precos.2.produto': 'Produto repetido na tabela.' });
  });

  it('cClassTrib is 6 digits starting with a known CST IBS/CBS', () => {
    const def = produtoGeral;
    const com = (cClassTrib: string) =>
      validarRecurso(def, { configuracaoImposto: { IBSCBS: { CST: '000', cClassTrib } } }, true).erros;
    expect(com('000001')).toEqual({});
    expect(com('200034')).toEqual({});
    expect(com('00001')).toEqual({
      'configuracaoImposto.IBSCBS.cClassTrib': 'Classificação Tributária Inválida',
    });
    expect(com('999001')).toEqual({
      'configuracaoImposto.IBSCBS.cClassTrib': 'Classificação Tributária Inválida',
    });
  });

  it('a read-only field (the group code the server gives) is never part of a write, whatever is sent', () => {
    for (const codigo of [100002, 'x', -1, null]) {
      const r = validarRecurso(grupoEmpresarial, { descricao: 'Rede', codigo }, true);
      expect(r.erros).toEqual({});
      expect(r.valores).toEqual({ descricao: 'Rede' });
    }
  });
});
