import { createHashRouter, redirect } from 'react-router';
import { lerSessaoSalva } from '../lib/session/armazenamento.ts';
import { decidirAcesso } from '../lib/session/guarda.ts';
import { obterSessao, restaurarSessao } from '../lib/session/sessao.ts';
import { ROTAS } from '../routes/rotas.ts';
import { ROTAS_OPERACAO } from '../routes/rotas-operacao.ts';
import { comTempoLimite } from './com-tempo-limite.ts';
import { ErroRota } from './erro-rota.tsx';

/** Loader of the main layout: the guard rules of spec section 2. */
export function guardaLoader(): null {
  const decisao = decidirAcesso(obterSessao(), lerSessaoSalva);
  if (decisao.tipo === 'redirecionar') throw redirect(decisao.para);
  if (decisao.restaurar) restaurarSessao(decisao.restaurar);
  return null;
}

const naoEncontrada = comTempoLimite(() =>
  import('../features/paginas/nao-encontrada-page.tsx').then((m) => ({ Component: m.NaoEncontradaPage })),
);

export function criarRotas() {
  return [
    {
      errorElement: <ErroRota />,
      children: [
        {
          path: '/login',
          lazy: comTempoLimite(() =>
            import('../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
          ),
        },
        {
          path: '/recuperarSenha',
          lazy: comTempoLimite(() =>
            import('../features/auth/recuperar-senha-page.tsx').then((m) => ({
              Component: m.RecuperarSenhaPage,
            })),
          ),
        },
        {
          path: '/alterarSenha/:chave',
          lazy: comTempoLimite(() =>
            import('../features/auth/alterar-senha-page.tsx').then((m) => ({
              Component: m.AlterarSenhaPage,
              loader: m.alterarSenhaLoader,
            })),
          ),
        },
        {
          path: '/403',
          lazy: comTempoLimite(() =>
            import('../features/paginas/acesso-negado-page.tsx').then((m) => ({
              Component: m.AcessoNegadoPage,
            })),
          ),
        },
        { path: '/404', lazy: naoEncontrada },
        {
          // The store-front shell (POS), outside the back-office layout; lazy so login stays small.
          path: '/frenteLoja',
          loader: guardaLoader,
          lazy: comTempoLimite(() =>
            import('../features/frente-loja/rota-frente-loja.tsx').then((m) => ({
              Component: m.RotaFrenteLoja,
            })),
          ),
        },
        // KDS, expedition, motoboy departure and doorman: full screen, outside the back-office layout.
        ...ROTAS_OPERACAO.map((r) => ({ path: r.path, loader: guardaLoader, lazy: comTempoLimite(r.lazy) })),
        {
          path: '/',
          loader: guardaLoader,
          lazy: comTempoLimite(() =>
            import('../features/layout/main-layout.tsx').then((m) => ({ Component: m.MainLayout })),
          ),
          children: [
            {
              index: true,
              handle: { titulo: 'Início' },
              lazy: comTempoLimite(() =>
                import('../features/paginas/inicio-page.tsx').then((m) => ({ Component: m.InicioPage })),
              ),
            },
            ...ROTAS.map((rota) => ({
              path: rota.nome,
              handle: { titulo: rota.titulo, rota },
              lazy: comTempoLimite(rota.tela),
            })),
          ],
        },
        { path: '*', lazy: naoEncontrada },
      ],
    },
  ];
}

export function criarRouter() {
  return createHashRouter(criarRotas());
}
