import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { capturarToasts, envelope, instalarFetch } from '../../test/fetch-falso.ts';
import { AppSistemaPage } from './app-sistema-page.tsx';
import { AppTerceirosCadastroPage } from './app-terceiros-cadastro-page.tsx';
import { AppTerceirosPage } from './app-terceiros-page.tsx';
import {
  INTEGRACAO,
  INTEGRACAO2,
  iniciarSessao,
  integracao,
  LOJA,
  LOJA2,
  montar,
  pedido,
  respostaComum,
} from './teste-apoio.tsx';

// appSistema, appTerceiros and appTerceirosCadastro with a fake API: each lists what the server answers, each
// write sends the body of the domain's schema (the secret only when typed), the domain's pt-BR messages stop
// a bad form, and the server's refusals are shown in pt-BR.

const COM_ERRO = integracao({
  _id: INTEGRACAO2,
  empresa: { _id: LOJA2, descricao: 'Loja Shopping' },
  app: 2,
  appNome: 'Rappi',
  segredoDefinido: false,
  ativo: true,
  urlCardapio: `http://localhost/api/deliveryApps/od/${INTEGRACAO2}/v1/merchant`,
  saude: {
    ultimoPolling: '2026-11-26T15:00:00.000Z',
    ultimoErro: 'Token recusado pelo aplicativo (401).',
    ultimoErroEm: '2026-11-26T15:10:00.000Z',
    pedidosHoje: 3,
    pedidosAtencao: 2,
  },
});

const PRODUTOS = [
  { _id: 'f00000000000000000000001', descricao: 'Combo Família' },
  { _id: 'f00000000000000000000002', descricao: 'Refrigerante 2L' },
];

function api(extra: (url: string, corpo: unknown) => Response | undefined = () => undefined) {
  return instalarFetch(({ url, corpo }) => {
    const comum = respostaComum(url);
    if (comum) return comum;
    const outra = extra(url, corpo);
    if (outra) return outra;
    if (url.endsWith('/api/deliveryApps/integracoes')) return envelope(true, [integracao(), COM_ERRO]);
    // The picker searches through the delivery module's route (permission 868), never produtoGeral's.
    if (url.includes('/api/deliveryApps/produtos?')) {
      const busca = new URL(url, 'http://x').searchParams.get('busca')?.toLowerCase() ?? '';
      return envelope(
        true,
        PRODUTOS.filter((p) => p.descricao.toLowerCase().includes(busca)).map((p) => ({
          ...p,
          codigoInterno: null,
        })),
      );
    }
    if (url.includes('/api/produtoGeral')) return envelope(false, { message: 'Permissão negada' });
    return envelope(true, { _id: INTEGRACAO });
  });
}

beforeEach(() => {
  iniciarSessao();
  capturarToasts();
});

describe('appSistema', { timeout: 40_000 }, () => {
  it("lists each integration's health in pt-BR and polls at once", async () => {
    const chamadas = api((url) =>
      url.endsWith(`/integracoes/${INTEGRACAO}/polling`)
        ? envelope(true, { recebidos: 3, novos: 2 })
        : undefined,
    );
    const toasts = capturarToasts();
    montar(AppSistemaPage);
    const ifood = (await screen.findByText('iFood', {}, { timeout: 8000 })).closest('tr') as HTMLElement;
    // 17:30:05 UTC is 14:30 in São Paulo.
    expect(within(ifood).getByText('26/11/2026 14:30')).toBeTruthy();
    expect(within(ifood).getByText('12')).toBeTruthy();
    const rappi = screen.getByText('Rappi').closest('tr') as HTMLElement;
    expect(within(rappi).getByText('Loja Shopping')).toBeTruthy();
    expect(within(rappi).getByText('Token recusado pelo aplicativo (401).')).toBeTruthy();
    expect(within(rappi).getByText('26/11/2026 12:10')).toBeTruthy();
    expect(within(rappi).getByText('2')).toBeTruthy();
    fireEvent.click(await within(ifood).findByRole('button', { name: /Consultar agora/ }));
    await waitFor(() =>
      expect(toasts.map((t) => t.mensagem)).toContain('iFood: 3 evento(s) recebido(s), 2 novo(s).'),
    );
    expect(
      chamadas.some((c) => c.url.endsWith(`/integracoes/${INTEGRACAO}/polling`) && c.metodo === 'POST'),
    ).toBe(true);
  });

  it("shows the poll's refusal in pt-BR", async () => {
    api((url) =>
      url.endsWith('/polling') ? envelope(false, { message: 'Integração não encontrada!' }) : undefined,
    );
    const toasts = capturarToasts();
    montar(AppSistemaPage);
    const ifood = (await screen.findByText('iFood', {}, { timeout: 8000 })).closest('tr') as HTMLElement;
    fireEvent.click(await within(ifood).findByRole('button', { name: /Consultar agora/ }));
    await waitFor(() =>
      expect(toasts.map((t) => t.mensagem)).toContain(
        'Erro ao consultar o aplicativo: Integração não encontrada!',
      ),
    );
  });
});

describe('appTerceiros', { timeout: 40_000 }, () => {
  it('shows whether the secret is set and the menu address; a new integration is checked by the domain schema, then sent', async () => {
    const chamadas = api();
    montar(AppTerceirosPage);
    expect(await screen.findByText('definido', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('não definido')).toBeTruthy();
    expect(screen.getByText(`http://localhost/api/deliveryApps/od/${INTEGRACAO}/v1/merchant`)).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: /Nova integração/ }));
    const mudar = (rotulo: string, valor: string) =>
      fireEvent.change(screen.getByLabelText(rotulo), { target: { value: valor } });
    mudar('Merchant ID (X-App-MerchantId)', 'curto');
    mudar('Endereço da API do aplicativo', 'ftp://app');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar integração' }));
    expect(await screen.findByText('O merchantId deve ter de 36 a 100 caracteres')).toBeTruthy();
    expect(screen.getByText('Endereço inválido: use http:// ou https://')).toBeTruthy();
    expect(screen.getByText('Informe o X-App-Id do aplicativo')).toBeTruthy();
    expect(screen.getByText('Escolha o aplicativo')).toBeTruthy();
    expect(screen.getByText('Informe o client secret da integração.')).toBeTruthy();
    expect(chamadas.some((c) => c.metodo === 'POST' && c.url.endsWith('/api/deliveryApps/integracoes'))).toBe(
      false,
    );

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Aplicativo' }));
    fireEvent.click(await screen.findByText('Uber Eats'));
    mudar('Merchant ID (X-App-MerchantId)', '12345678000195-2f0c4a8e-5b1d-4e7a-9c3f-6a2b8d4e1f99');
    mudar('App ID (X-App-Id)', 'app-uber');
    mudar('Endereço da API do aplicativo', 'https://uber.exemplo.com');
    mudar('Client ID', 'cli');
    mudar('Client secret', 's3gr3do');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar integração' }));
    await waitFor(() =>
      expect(
        chamadas.find((c) => c.metodo === 'POST' && c.url.endsWith('/api/deliveryApps/integracoes'))?.corpo,
      ).toEqual({
        empresa: LOJA,
        app: 3,
        protocolo: 'open-delivery',
        merchantId: '12345678000195-2f0c4a8e-5b1d-4e7a-9c3f-6a2b8d4e1f99',
        appIdExterno: 'app-uber',
        baseUrl: 'https://uber.exemplo.com',
        clientId: 'cli',
        clientSecret: 's3gr3do',
        ativo: true,
        aceiteAutomatico: false,
        intervaloPollingSegundos: 30,
      }),
    );
  });

  it('an edit with the secret left blank keeps it (not sent); a refusal of the server is shown in pt-BR', async () => {
    const chamadas = api((url) =>
      url.endsWith(`/integracoes/${INTEGRACAO}`)
        ? envelope(false, { message: 'Este merchantId já está ligado a outra integração deste aplicativo.' })
        : undefined,
    );
    const toasts = capturarToasts();
    montar(AppTerceirosPage, `/?integracao=${INTEGRACAO}`);
    expect(
      await screen.findByText(/Editar integração — iFood · Loja Centro/, {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.getByPlaceholderText('Definido — deixe em branco para manter')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: 'cliente-novo' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar integração' }));
    await waitFor(() =>
      expect(toasts.map((t) => t.mensagem)).toContain(
        'Erro ao salvar a integração: Este merchantId já está ligado a outra integração deste aplicativo.',
      ),
    );
    const put = chamadas.find((c) => c.metodo === 'PUT');
    expect(put?.url).toMatch(new RegExp(`/api/deliveryApps/integracoes/${INTEGRACAO}$`));
    expect(put?.corpo).toMatchObject({ clientId: 'cliente-novo', empresa: LOJA, app: 1 });
    expect(put?.corpo).not.toHaveProperty('clientSecret');
  });
});

describe('appTerceirosCadastro', { timeout: 40_000 }, () => {
  it('lists the items of orders needing attention first, then the mapped ones; saving sends the product chosen', async () => {
    const chamadas = api((url) => {
      if (url.includes('/api/deliveryApps/mapeamentos?'))
        return envelope(true, [
          {
            _id: 'd00000000000000000000001',
            integracao: INTEGRACAO,
            codigoExterno: 'AAA-1',
            nomeExterno: 'Refri 2 litros',
            produto: PRODUTOS[1],
          },
        ]);
      if (url.endsWith('/api/deliveryApps/pedidos'))
        return envelope(true, [
          pedido({
            situacao: 'atencao',
            itensSemProduto: [{ codigo: 'CF-1', nome: 'Combo Família G' }],
          }),
          pedido({
            _id: 'b00000000000000000000005',
            situacao: 'atencao',
            itensSemProduto: [{ codigo: 'CF-1', nome: 'Combo Família G' }],
          }),
        ]);
      if (url.endsWith('/api/deliveryApps/mapeamentos'))
        return envelope(true, { _id: 'd00000000000000000000002' });
      return undefined;
    });
    montar(AppTerceirosCadastroPage, `/?integracao=${INTEGRACAO}`);
    await screen.findByText('Combo Família G', {}, { timeout: 8000 });
    const linhas = [...document.querySelectorAll('tbody tr.ant-table-row')].map((tr) => tr.textContent ?? '');
    expect(linhas[0]).toContain('CF-1');
    expect(linhas[0]).toContain('Sem produto · 2 pedido(s)');
    expect(linhas[1]).toContain('AAA-1');
    expect(linhas[1]).toContain('Mapeado');
    expect(screen.getByText('1 item(ns) de pedidos que precisam de atenção sem produto.')).toBeTruthy();

    const linha = screen.getByText('CF-1').closest('tr') as HTMLElement;
    fireEvent.mouseDown(within(linha).getByRole('combobox'));
    fireEvent.click(
      await screen.findByText('Combo Família', { selector: '.ant-select-item-option-content' }),
    );
    fireEvent.click(await within(linha).findByRole('button', { name: /Salvar/ }));
    await waitFor(() =>
      expect(
        chamadas.find((c) => c.metodo === 'POST' && c.url.endsWith('/api/deliveryApps/mapeamentos'))?.corpo,
      ).toEqual({
        integracao: INTEGRACAO,
        codigoExterno: 'CF-1',
        nomeExterno: 'Combo Família G',
        produto: PRODUTOS[0]?._id,
      }),
    );
    expect(chamadas.some((c) => c.url.includes(`/api/deliveryApps/produtos?integracao=${INTEGRACAO}`))).toBe(
      true,
    );
    expect(chamadas.some((c) => c.url.includes('/api/produtoGeral'))).toBe(false);
  });

  it('a new item without a product is stopped; a refusal of the server is shown in pt-BR', async () => {
    const chamadas = api((url) => {
      if (url.includes('/api/deliveryApps/mapeamentos?')) return envelope(true, []);
      if (url.endsWith('/api/deliveryApps/pedidos')) return envelope(true, []);
      if (url.endsWith('/api/deliveryApps/mapeamentos'))
        return envelope(false, { message: 'Produto não encontrado!' });
      return undefined;
    });
    const toasts = capturarToasts();
    montar(AppTerceirosCadastroPage, `/?integracao=${INTEGRACAO}`);
    expect(
      await screen.findByText('Nenhum item mapeado nesta integração.', {}, { timeout: 8000 }),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Código no aplicativo'), { target: { value: 'X-9' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Mapear item' }));
    expect(await screen.findByText('Escolha o produto.')).toBeTruthy();
    const novo = screen.getByText('Mapear outro item').closest('.ant-card') as HTMLElement;
    fireEvent.mouseDown(within(novo).getByRole('combobox'));
    fireEvent.click(
      await screen.findByText('Refrigerante 2L', { selector: '.ant-select-item-option-content' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mapear item' }));
    await waitFor(() =>
      expect(toasts.map((t) => t.mensagem)).toContain('Erro ao salvar o mapeamento: Produto não encontrado!'),
    );
    expect(
      chamadas.find((c) => c.metodo === 'POST' && c.url.endsWith('/api/deliveryApps/mapeamentos'))?.corpo,
    ).toEqual({
      integracao: INTEGRACAO,
      codigoExterno: 'X-9',
      produto: PRODUTOS[1]?._id,
    });
  });
});
