import { beforeEach, describe, expect, it } from 'vitest';
import { CHAVES } from './armazenamento.ts';
import {
  alternarDrawerDireito,
  alternarDrawerPrincipal,
  definirTema,
  entrar,
  obterSessao,
  reiniciarSessaoParaTeste,
  sair,
  trocarEmpresa,
} from './sessao.ts';

beforeEach(() => reiniciarSessaoParaTeste());

describe('session store', () => {
  it('keeps the main and right drawers mutually exclusive', () => {
    expect(obterSessao()).toMatchObject({ drawerPrincipal: true, drawerDireito: false });
    alternarDrawerDireito(true);
    expect(obterSessao()).toMatchObject({ drawerPrincipal: false, drawerDireito: true });
    alternarDrawerPrincipal(true);
    expect(obterSessao()).toMatchObject({ drawerPrincipal: true, drawerDireito: false });
  });

  it('a company change is saved and bumps the reload counter', () => {
    entrar(
      { token: 't', usuario: { _id: 'u', nome: 'A', codigoInterno: 1 } },
      { _id: 'g', descricao: 'G' },
      {
        _id: 'e1',
        descricao: 'Loja Centro',
      },
    );
    const antes = obterSessao().recarregar;
    trocarEmpresa({ _id: 'e2', descricao: 'Loja Shopping' });
    expect(obterSessao().recarregar).toBe(antes + 1);
    expect(JSON.parse(localStorage.getItem(CHAVES.empresa) ?? 'null')).toEqual({
      _id: 'e2',
      descricao: 'Loja Shopping',
    });
  });

  it('remembers the theme, and logout keeps theme and group but forgets user and company', () => {
    entrar(
      { token: 't', usuario: { _id: 'u', nome: 'A', codigoInterno: 1 } },
      { _id: 'g', descricao: 'G' },
      {
        _id: 'e1',
        descricao: 'Loja Centro',
      },
    );
    definirTema(true);
    sair();
    expect(localStorage.getItem(CHAVES.tema)).toBe('true');
    expect(localStorage.getItem(CHAVES.grupoEmpresarial)).not.toBeNull();
    expect(localStorage.getItem(CHAVES.usuario)).toBeNull();
    expect(localStorage.getItem(CHAVES.empresa)).toBeNull();
    expect(obterSessao()).toMatchObject({ usuario: null, empresa: null, escuro: true });
  });
});
