// Frente Loja operation screens of the kitchen and dispatch, full screen outside the back-office layout:
// KDS (choose a station, then one station), expedition, motoboy departure, doorman, and the call center
// (orders of several stores routed by address). Lazy so the login page stays small; the router adds the
// session guard and the chunk time limit.
export const ROTAS_OPERACAO = [
  {
    path: '/frenteLoja/kds',
    lazy: () => import('../features/kds/kds-page.tsx').then((m) => ({ Component: m.KdsPage })),
  },
  {
    path: '/frenteLoja/kds/:estacao',
    lazy: () => import('../features/kds/kds-page.tsx').then((m) => ({ Component: m.KdsPage })),
  },
  {
    path: '/frenteLoja/expedicao',
    lazy: () =>
      import('../features/expedicao/expedicao-page.tsx').then((m) => ({ Component: m.ExpedicaoPage })),
  },
  {
    path: '/frenteLoja/saidaMotoboy',
    lazy: () =>
      import('../features/expedicao/saida-motoboy-page.tsx').then((m) => ({ Component: m.SaidaMotoboyPage })),
  },
  {
    path: '/frenteLoja/callCenter',
    lazy: () =>
      import('../features/call-center/call-center-page.tsx').then((m) => ({ Component: m.CallCenterPage })),
  },
  {
    path: '/frenteLoja/portaria',
    lazy: () =>
      import('../features/expedicao/portaria-page.tsx').then((m) => ({ Component: m.PortariaPage })),
  },
];
