import { beforeEach, describe, expect, it, vi } from 'vitest';
import { guardaLoader } from '../../app/router.tsx';
import { CHAVES, lerSessaoSalva, type SessaoSalva } from './armazenamento.ts';
import { decidirAcesso } from './guarda.ts';
import { obterSessao, reiniciarSessaoParaTeste } from './sessao.ts';
import type { Empresa, GrupoEmpresarial, UsuarioSessao } from './tipos.ts';

const usuario: UsuarioSessao = { token: 't1', usuario: { _id: 'u1', nome: 'Admin', codigoInterno: 1 } };
const grupo: GrupoEmpresarial = { _id: 'g1', descricao: 'Grupo Exemplo' };
const empresa: Empresa = { _id: 'e1', descricao: 'Loja Centro' };

function salvo(parcial: Partial<SessaoSalva> = {}): SessaoSalva {
  return { usuario, grupoEmpresarial: grupo, empresa, escuro: true, ...parcial };
}

describe('decidirAcesso (spec section 2 guard)', () => {
  it('lets a user in memory through without reading the storage', () => {
    const ler = vi.fn(() => salvo());
    expect(decidirAcesso({ usuario }, ler)).toEqual({ tipo: 'permitir' });
    expect(ler).not.toHaveBeenCalled();
  });

  it('restores user, theme, group and company from the storage when memory is empty', () => {
    expect(decidirAcesso({ usuario: null }, () => salvo())).toEqual({ tipo: 'permitir', restaurar: salvo() });
  });

  it.each([
    ['no saved user', salvo({ usuario: null })],
    ['no saved group', salvo({ grupoEmpresarial: null })],
    ['a saved group without id', salvo({ grupoEmpresarial: { _id: '', descricao: 'x' } })],
    ['no saved company', salvo({ empresa: null })],
  ])('sends to /login with %s', (_caso, sessao) => {
    expect(decidirAcesso({ usuario: null }, () => sessao)).toEqual({ tipo: 'redirecionar', para: '/login' });
  });

  it('sends to /404 on a storage failure', () => {
    const falha = () => {
      throw new Error('SecurityError');
    };
    expect(decidirAcesso({ usuario: null }, falha)).toEqual({ tipo: 'redirecionar', para: '/404' });
  });
});

describe('guardaLoader with the real local storage', () => {
  beforeEach(() => reiniciarSessaoParaTeste());

  function redirecionamento(): string | null {
    try {
      guardaLoader();
      return null;
    } catch (resposta) {
      return (resposta as Response).headers.get('Location');
    }
  }

  it('redirects to /login when nothing was saved', () => {
    expect(redirecionamento()).toBe('/login');
  });

  it('puts the saved session (and dark theme) in memory', () => {
    localStorage.setItem(CHAVES.usuario, JSON.stringify(usuario));
    localStorage.setItem(CHAVES.grupoEmpresarial, JSON.stringify(grupo));
    localStorage.setItem(CHAVES.empresa, JSON.stringify(empresa));
    localStorage.setItem(CHAVES.tema, 'true');
    expect(redirecionamento()).toBeNull();
    expect(obterSessao()).toMatchObject({ usuario, grupoEmpresarial: grupo, empresa, escuro: true });
  });

  it('redirects to /404 when the saved data is corrupt', () => {
    localStorage.setItem(CHAVES.usuario, '{corrompido');
    expect(() => lerSessaoSalva()).toThrow();
    expect(redirecionamento()).toBe('/404');
  });

  it('redirects to /404 when the storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('bloqueado', 'SecurityError');
    });
    expect(redirecionamento()).toBe('/404');
  });
});
