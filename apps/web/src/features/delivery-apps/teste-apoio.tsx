import type { IntegracaoSaida, PedidoAppSaida } from '@retaguarda/domain/delivery-apps/index';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { definirConfig } from '../../lib/api/config.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { reiniciarSessaoParaTeste, restaurarSessao } from '../../lib/session/sessao.ts';
import { envelope } from '../../test/fetch-falso.ts';

// The delivery-app screens' tests (imported by *.test.tsx only): a logged-in session, the screen inside a
// router, and the API's answers as the server gives them.

export const LOJA = 'e00000000000000000000001';
export const LOJA2 = 'e00000000000000000000002';
export const INTEGRACAO = 'a00000000000000000000001';
export const INTEGRACAO2 = 'a00000000000000000000002';

export function iniciarSessao(): void {
  reiniciarSessaoParaTeste();
  queryClient.clear();
  definirConfig({ baseUrl: '/api/' });
  restaurarSessao({
    usuario: { token: 't', usuario: { _id: 'u1', nome: 'Admin', codigoInterno: 1 } },
    grupoEmpresarial: { _id: 'g1', descricao: 'Grupo' },
    empresa: { _id: LOJA, descricao: 'Loja Centro' },
    escuro: false,
  });
}

export function montar(Tela: ComponentType, url = '/'): void {
  const router = createMemoryRouter([{ path: '*', Component: Tela }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

export const integracao = (parcial: Partial<IntegracaoSaida> = {}): IntegracaoSaida => ({
  _id: INTEGRACAO,
  empresa: { _id: LOJA, descricao: 'Loja Centro' },
  app: 1,
  appNome: 'iFood',
  protocolo: 'open-delivery',
  merchantId: '12345678000195-2f0c4a8e-5b1d-4e7a-9c3f-6a2b8d4e1f00',
  appIdExterno: '6d1f1c9e-0b7a-4c1e-9a57-0d3f2b8e4a10',
  baseUrl: 'https://app.exemplo.com.br',
  authUrl: null,
  clientId: 'cliente-demo',
  segredoDefinido: true,
  ativo: true,
  aceiteAutomatico: false,
  intervaloPollingSegundos: 30,
  urlCardapio: `http://localhost/api/deliveryApps/od/${INTEGRACAO}/v1/merchant`,
  saude: {
    ultimoPolling: '2026-11-26T17:30:05.000Z',
    ultimoErro: null,
    ultimoErroEm: null,
    pedidosHoje: 12,
    pedidosAtencao: 0,
  },
  ...parcial,
});

export const pedido = (parcial: Partial<PedidoAppSaida> = {}): PedidoAppSaida => ({
  _id: 'b00000000000000000000001',
  integracao: INTEGRACAO,
  empresa: LOJA,
  app: 1,
  pedidoExterno: '0f6c3a52-9d1e-4b8a-a7c2-1e5f9d3b7a61',
  identificacao: '4321',
  situacao: 'aguardando',
  estadoApp: 'CREATED',
  motivo: null,
  itensSemProduto: [],
  venda: 'c00000000000000000000001',
  total: '1234.56',
  recebidoEm: new Date().toISOString(),
  criadoNoAppEm: new Date().toISOString(),
  prazoConfirmacao: new Date(Date.now() + 8 * 60_000).toISOString(),
  itens: [
    {
      nome: 'Pizza Calabresa',
      quantidade: 1,
      total: '1234.56',
      obs: 'sem cebola',
      opcoes: [{ nome: 'Borda recheada', quantidade: 1, obs: null }],
    },
  ],
  cliente: { nome: 'Maria Silva', telefone: '41999990000', endereco: 'Rua XV de Novembro, 100, Centro' },
  pagamentos: [{ modo: 'prepago', metodo: 'Crédito', bandeira: 'VISA', valor: '1234.56', trocoPara: null }],
  motivoCancelamentoCliente: null,
  ...parcial,
});

/** Permission 868 in the stores asked for; the store list of the user. */
export function respostaComum(url: string, permitido = true): Response | undefined {
  if (url.endsWith('/api/getPermissoesUsuario'))
    return envelope(true, { permissoes: permitido ? [868] : [] });
  if (url.endsWith('/api/getEmpresasUsuario'))
    return envelope(true, [
      { _id: LOJA, descricao: 'Loja Centro' },
      { _id: LOJA2, descricao: 'Loja Shopping' },
    ]);
  return undefined;
}
