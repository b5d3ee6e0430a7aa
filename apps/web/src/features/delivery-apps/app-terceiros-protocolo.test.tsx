import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, instalarFetch } from '../../test/fetch-falso.ts';
import { AppTerceirosPage } from './app-terceiros-page.tsx';
import { INTEGRACAO, iniciarSessao, integracao, LOJA, montar, respostaComum } from './teste-apoio.tsx';

// appTerceiros with a fake API: the credential form lets the store pick the marketplace protocol, and the
// integration is sent with it (the server then builds the marketplace adapter for it).

beforeEach(() => {
  iniciarSessao();
});

describe('appTerceiros protocol', { timeout: 40_000 }, () => {
  it('a new integration with the marketplace protocol is sent with protocolo marketplace', async () => {
    const chamadas = instalarFetch(({ url }) => {
      const comum = respostaComum(url);
      if (comum) return comum;
      if (url.endsWith('/api/deliveryApps/integracoes')) return envelope(true, [integracao()]);
      return envelope(true, { _id: INTEGRACAO });
    });
    montar(AppTerceirosPage);
    fireEvent.click(await screen.findByRole('button', { name: /Nova integração/ }, { timeout: 8000 }));
    const mudar = (rotulo: string, valor: string) =>
      fireEvent.change(screen.getByLabelText(rotulo), { target: { value: valor } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Aplicativo' }));
    fireEvent.click(await screen.findByText('iFood', { selector: '.ant-select-item-option-content' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Protocolo' }));
    fireEvent.click(await screen.findByText('Marketplace (modelo de polling, como o iFood)'));
    expect(screen.getByPlaceholderText('id (UUID) da loja no marketplace')).toBeTruthy();
    mudar('Merchant ID (X-App-MerchantId)', '8d3c2f4e-1a5b-4c6d-9e7f-0a1b2c3d4e5f');
    mudar('App ID (X-App-Id)', 'marketplace');
    mudar('Endereço da API do aplicativo', 'https://merchant-api.exemplo.com');
    mudar('Client ID', 'cli');
    mudar('Client secret', 's3gr3do');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar integração' }));
    await waitFor(() =>
      expect(
        chamadas.find((c) => c.metodo === 'POST' && c.url.endsWith('/api/deliveryApps/integracoes'))?.corpo,
      ).toMatchObject({
        empresa: LOJA,
        app: 1,
        protocolo: 'marketplace',
        merchantId: '8d3c2f4e-1a5b-4c6d-9e7f-0a1b2c3d4e5f',
        baseUrl: 'https://merchant-api.exemplo.com',
      }),
    );
  });
});
