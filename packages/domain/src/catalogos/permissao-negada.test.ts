import { describe, expect, it } from 'vitest';
import {
  lerPermissaoNegada,
  mensagemPermissaoNegada,
  PERMISSAO_DA_TELA,
  PERMISSAO_DO_MODO_FRENTE_LOJA,
  permissaoNegada,
  permissaoParaLancar,
  textoQuemConcede,
} from './permissao-negada.ts';
import { PERMISSAO, permissaoPorId } from './permissoes.ts';
import { TIPO_VENDA } from './venda.ts';

describe('permissaoNegada', () => {
  it('names the permission of the catalogue and who grants it', () => {
    const p = permissaoNegada(52, { grupoEmpresarial: 'Grupo Exemplo', perfis: ['Caixa'] });
    expect(p).toEqual({
      id: 52,
      permissao: 'Acessar KDS',
      grupoEmpresarial: 'Grupo Exemplo',
      perfis: ['Caixa'],
    });
    expect(mensagemPermissaoNegada(p)).toBe(
      'Usuário sem permissão para esta operação. Falta a permissão 52 - Acessar KDS. ' +
        "Peça ao administrador do grupo Grupo Exemplo para incluir a permissão 'Acessar KDS' no perfil de acesso 'Caixa'.",
    );
  });

  it('says it without a group or profile, and with several profiles', () => {
    expect(textoQuemConcede(permissaoNegada(53))).toBe(
      "Peça ao administrador para incluir a permissão 'Acessar Frente Loja' no seu perfil de acesso.",
    );
    expect(textoQuemConcede(permissaoNegada(53, { perfis: ['A', 'B'] }))).toBe(
      "Peça ao administrador para incluir a permissão 'Acessar Frente Loja' em um dos seus perfis de acesso ('A', 'B').",
    );
    expect(permissaoNegada(99999).permissao).toBe('Permissão 99999');
  });

  it('reads the refusal of an answer only when it has the shape', () => {
    const p = permissaoNegada(49, { grupoEmpresarial: 'G', perfis: [] });
    expect(lerPermissaoNegada({ message: 'x', permissaoNegada: p })).toEqual(p);
    expect(lerPermissaoNegada({ message: 'x' })).toBeNull();
    expect(lerPermissaoNegada({ permissaoNegada: { id: '49' } })).toBeNull();
    expect(lerPermissaoNegada(null)).toBeNull();
  });

  it('every screen and POS mode maps to a permission of the catalogue', () => {
    for (const id of [...Object.values(PERMISSAO_DA_TELA), ...Object.values(PERMISSAO_DO_MODO_FRENTE_LOJA)])
      expect(permissaoPorId(id)).toBeDefined();
    expect(PERMISSAO_DA_TELA.frenteLoja).toBe(53);
  });
});

describe('permissaoParaLancar', () => {
  it('asks each sale type for its own launch permission, the counter for an unknown type', () => {
    expect(permissaoParaLancar(TIPO_VENDA.balcao)).toBe(PERMISSAO.lancarVendaBalcao);
    expect(permissaoParaLancar(TIPO_VENDA.mesa)).toBe(PERMISSAO.lancarMesa);
    expect(permissaoParaLancar(TIPO_VENDA.delivery)).toBe(PERMISSAO.lancarDelivery);
    expect(permissaoParaLancar(TIPO_VENDA.comanda)).toBe(PERMISSAO.lancarComanda);
    expect(permissaoParaLancar(99)).toBe(PERMISSAO.lancarVendaBalcao);
  });
});
