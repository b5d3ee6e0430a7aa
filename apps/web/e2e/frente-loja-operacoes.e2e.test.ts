import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  abrirNavegador,
  definirTemaEscuro,
  desligarHappyHours,
  novaAba,
  tokenPorApi,
  USUARIOS,
} from './apoio.ts';
import {
  abrirFrenteLoja,
  buscarELancar,
  capturarDialogo,
  capturarTemas,
  chamarApi,
  fecharAvisos,
  garantirCaixaAberto,
  liberarComSupervisor,
  TELA,
  total,
} from './frente-loja-apoio.ts';
import { urlDoServidor } from './servidor.ts';

// The POS operations of issue 5 beyond the basic sale, as a user at a 1024x768 touch screen meets them:
// suggested products, the attendant, the bill printed, a whole table moved, a courtesy, an ended sale
// reopened, the tab list right after a tab is created, convênio with its balance, the customer history,
// cash slips printed, and the attendant asked with password when the terminal requires it.

const baseUrl = urlDoServidor();
let navegador: Browser;
let token = '';

interface Venda {
  _id: string;
  mesa: number | null;
  comanda: number | null;
  status: { id: number };
  tipoVenda: { id: number };
  atendente: { nome: string } | null;
  produtos: {
    produto: { descricao: string };
    atendente: { nome: string } | null;
    descontoSugestao: string;
  }[];
  pagamentos: { formaPagamento: { descricao: string }; lixo: boolean; cliente?: unknown }[];
}
interface Job {
  tipoImpressao: { id: number };
  origemId: string | null;
}

const vendas = (filtro: Record<string, unknown>) =>
  chamarApi<Venda[]>(baseUrl, token, 'venda/getPopulate', { filtro });
const impressoes = (origemId?: string) =>
  chamarApi<Job[]>(baseUrl, token, 'impressao/lista', { ...(origemId ? { origemId } : {}), limit: 500 });

beforeAll(async () => {
  navegador = await abrirNavegador();
  await desligarHappyHours(baseUrl);
  token = await tokenPorApi(baseUrl, USUARIOS.admin.email, USUARIOS.admin.senha);
});
afterAll(async () => {
  await navegador?.close();
});

async function abrirMesa(pagina: Page, n: number) {
  await pagina.getByTestId('modos').getByText('Mesa', { exact: true }).click();
  await pagina.getByTestId('mapa-mesas').waitFor();
  await pagina.getByTestId(`mesa-${n}`).click();
  await pagina.getByTestId('busca-produto').waitFor();
}

describe('Frente Loja operations', () => {
  it('table: suggestion, attendant, bill printed and reprinted, whole table moved, courtesy, ended sale reopened', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador, TELA);
    await abrirFrenteLoja(pagina, baseUrl);
    await garantirCaixaAberto(pagina);
    await abrirMesa(pagina, 17);

    // The waiter identifies (this terminal does not ask the password) and launches the burger.
    await pagina.getByTestId('botao-atendente').click();
    const form = pagina.getByTestId('atendente-form');
    await form.getByLabel('Código interno ou e-mail').fill('5');
    await capturarDialogo(pagina, 'frente-loja-atendente', async () => {
      await pagina.getByTestId('botao-atendente').click();
      await form.getByLabel('Código interno ou e-mail').fill('5');
    });
    await pagina.locator('.ant-modal', { has: form }).getByRole('button', { name: 'Identificar' }).click();
    await expect.poll(() => pagina.getByTestId('botao-atendente').textContent()).toBe('Atendente: Gabriel');

    // Launching the X-Burguer offers the fries with 10% off; taken from the strip, the discount applies.
    await buscarELancar(pagina, 'x-burg');
    await pagina.getByTestId('item-1').waitFor();
    const sugestoes = pagina.getByTestId('sugestoes');
    await sugestoes.getByText('Batata Frita Porção -10%').waitFor();
    await capturarTemas(pagina, 'frente-loja-sugestoes');
    await sugestoes.getByText('Batata Frita Porção -10%').click();
    await pagina.getByTestId('item-2').waitFor();
    await expect.poll(() => total(pagina)).toBe('R$ 44,70');
    await sugestoes.waitFor({ state: 'detached' });
    await pagina.getByText('Gravada').waitFor();
    const [mesa17] = await vendas({ mesa: 17, 'status.id': { $in: [57, 58] } });
    expect(mesa17?.atendente?.nome).toBe('Gabriel Garçom');
    expect(mesa17?.produtos.map((i) => [i.atendente?.nome, i.descontoSugestao])).toEqual([
      ['Gabriel Garçom', '0.00'],
      ['Gabriel Garçom', '2.20'],
    ]);

    // The bill, then a reprint (the operator holds permission 54): two bill jobs for this sale.
    await pagina.getByTestId('imprimir-conta').click();
    await pagina.getByText('Conta enviada para impressão.').first().waitFor();
    await fecharAvisos(pagina);
    await pagina.keyboard.press('F8');
    await pagina.getByText('Conta enviada para impressão.').first().waitFor();
    const contas = (await impressoes(mesa17?._id)).filter((j) => j.tipoImpressao.id === 4);
    expect(contas).toHaveLength(2);

    // The whole table moves to the free table 18 with the supervisor's release.
    await pagina.getByRole('button', { name: 'Transferir mesa' }).click();
    await pagina.getByRole('textbox', { name: 'Mesa destino' }).fill('18');
    await pagina.getByRole('button', { name: 'Confirmar' }).click();
    await liberarComSupervisor(pagina, 'Cliente mudou de mesa');
    await pagina.getByText('Mesa transferida para a mesa 18.').waitFor();
    await pagina.getByTestId('mapa-mesas').waitFor();
    await expect.poll(() => pagina.getByTestId('mesa-18').getAttribute('data-estado')).toBe('ocupada');
    expect(await pagina.getByTestId('mesa-17').getAttribute('data-estado')).toBe('livre');

    // Table 18: the fries on the house (courtesy released by the supervisor), the rest in cash; ended.
    await pagina.getByTestId('mesa-18').click();
    await pagina.getByTestId('item-2').waitFor();
    await expect.poll(() => total(pagina)).toBe('R$ 44,70');
    await pagina.getByTestId('abrir-pagamento').click();
    await pagina.getByRole('radio', { name: 'Cortesia' }).click();
    await pagina.getByLabel('Valor recebido').fill('19,80');
    await pagina.getByRole('button', { name: 'Lançar', exact: true }).click();
    await liberarComSupervisor(pagina, 'Aniversário do cliente');
    await expect.poll(() => pagina.getByTestId('pag-restante').textContent()).toBe('R$ 24,90');
    await pagina.getByRole('radio', { name: 'Dinheiro' }).click();
    await pagina.getByRole('button', { name: 'Lançar', exact: true }).click();
    await expect.poll(() => pagina.getByTestId('pag-restante').textContent()).toBe('R$ 0,00');
    await pagina.getByTestId('confirmar-venda').click();
    await pagina
      .getByText(/encerrada\./)
      .first()
      .waitFor();
    const [mesa18] = await vendas({ _id: mesa17?._id as string });
    expect(mesa18).toMatchObject({ mesa: 18, status: { id: 59 } });
    expect(mesa18?.pagamentos.map((x) => x.formaPagamento.descricao).sort()).toEqual([
      'Cortesia',
      'Dinheiro',
    ]);

    // Reopened from the sales of the period with the release (19): it is open again, on table 18.
    await pagina.getByTestId('modos').getByText('Vendas').click();
    await pagina.getByTestId('tela-vendas').waitFor();
    const linha = pagina.getByTestId('tela-vendas').locator('tr', { hasText: 'Mesa 18' }).first();
    await linha.click();
    await capturarTemas(pagina, 'frente-loja-vendas');
    await linha.click();
    await pagina.getByTestId('reabrir-venda').click();
    await liberarComSupervisor(pagina, 'Cliente pediu sobremesa');
    await pagina
      .getByText(/reaberta\./)
      .first()
      .waitFor();
    await pagina.getByTestId('busca-produto').waitFor();
    const [reaberta] = await vendas({ _id: mesa17?._id as string });
    expect(reaberta?.status.id).toBe(57);
    await pagina.getByRole('button', { name: 'Voltar' }).click();
    await pagina.getByTestId('tela-vendas').waitFor();
    expect(erros).toEqual([]);
    await contexto.close();
  });

  it('tab list: a tab left right after its first item is on the list', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador, TELA);
    await abrirFrenteLoja(pagina, baseUrl);
    await pagina.getByTestId('modos').getByText('Comanda').click();
    await pagina.getByLabel('Número da comanda').fill('77');
    await pagina.getByRole('button', { name: 'Abrir comanda' }).click();
    await buscarELancar(pagina, 'agua');
    await pagina.getByTestId('item-1').waitFor();
    // Leave at once, while the creation may still be on its way.
    await pagina.getByRole('button', { name: 'Voltar' }).click();
    await pagina.getByTestId('mesa-77').waitFor({ timeout: 5000 });
    expect(await pagina.getByTestId('mesa-77').getAttribute('data-estado')).toBe('ocupada');
    expect(erros).toEqual([]);
    await contexto.close();
  });

  it('delivery: convênio paid within the balance shown, then the customer history shows the sale; a failed history call says so', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador, TELA);
    await abrirFrenteLoja(pagina, baseUrl);
    await garantirCaixaAberto(pagina);
    await pagina.getByTestId('modos').getByText('Delivery').click();
    await pagina.getByLabel('Buscar cliente').fill('Maria Cliente');
    await pagina.getByRole('button', { name: 'Buscar', exact: true }).click();
    await pagina.getByRole('button', { name: 'Escolher' }).first().click();
    // Rua das Flores 50: inside Loja Centro's area (the address is located before the sale starts).
    await pagina.getByTestId('area-entrega').waitFor();
    await pagina.getByRole('button', { name: 'Iniciar venda' }).click();
    await pagina.getByText('Delivery · Maria Cliente Convênio').waitFor();
    await buscarELancar(pagina, '7894900011517');
    await pagina.getByTestId('item-1').waitFor();
    await pagina.getByText('Gravada').waitFor();
    const totalVenda = await total(pagina);

    await pagina.getByTestId('abrir-pagamento').click();
    await pagina.getByRole('radio', { name: 'Convênio' }).click();
    const painel = pagina.getByTestId('painel-convenio');
    await painel.getByText('Maria Cliente Convênio').waitFor();
    await pagina.getByTestId('saldo-convenio').waitFor();
    const disponivel = await pagina.getByTestId('convenio-disponivel').textContent();
    expect(disponivel).toMatch(/^R\$\s[\d.,]+$/);
    await capturarDialogo(pagina, 'frente-loja-convenio', async () => {
      await pagina.getByTestId('abrir-pagamento').click();
      await pagina.getByRole('radio', { name: 'Convênio' }).click();
      await pagina.getByTestId('saldo-convenio').waitFor();
    });
    await pagina.getByRole('radio', { name: 'Convênio' }).click();
    await pagina.getByTestId('saldo-convenio').waitFor();
    await pagina.getByRole('button', { name: 'Lançar', exact: true }).click();
    await expect.poll(() => pagina.getByTestId('pag-restante').textContent()).toBe('R$ 0,00');
    await pagina.getByTestId('confirmar-venda').click();
    await pagina
      .getByText(/encerrada\./)
      .first()
      .waitFor();

    // The history: the sale just made, newest first.
    await pagina.getByLabel('Buscar cliente').fill('Maria Cliente');
    await pagina.getByRole('button', { name: 'Buscar', exact: true }).click();
    await pagina.getByRole('button', { name: 'Histórico' }).first().click();
    const historico = pagina.getByTestId('historico-cliente');
    await historico.getByText('Refrigerante Lata 350ml').first().waitFor();
    expect(await historico.getByTestId('historico-venda').first().textContent()).toContain(
      (totalVenda ?? '').replace(/^R\$\s*/, ''),
    );
    await capturarDialogo(pagina, 'frente-loja-historico-cliente', async () => {
      await pagina.getByRole('button', { name: 'Histórico' }).first().click();
      await historico.getByText('Refrigerante Lata 350ml').first().waitFor();
    });
    await pagina.keyboard.press('Escape');

    // The history call fails: the spec's message.
    await pagina.route('**/api/historicoCliente', (rota) => rota.abort());
    await pagina.getByRole('button', { name: 'Histórico' }).first().click();
    await pagina.getByText('Falha de Comunicação ao tentar Buscar histórico do cliente!').waitFor();
    await pagina.unroute('**/api/historicoCliente');
    expect(erros.filter((e) => !/historicoCliente|Failed to load resource/.test(e))).toEqual([]);
    await contexto.close();
  });

  it('cash slips: bleed-off, supply and closing are printed on the cashier sector', async () => {
    const { pagina, contexto, erros } = await novaAba(navegador, TELA);
    await abrirFrenteLoja(pagina, baseUrl);
    await garantirCaixaAberto(pagina);
    const antes = await impressoes();
    const contar = (lista: Job[], tipo: number) => lista.filter((j) => j.tipoImpressao.id === tipo).length;
    await pagina.getByTestId('modos').getByText('Caixa', { exact: true }).click();
    await pagina.getByRole('button', { name: 'Sangria' }).click();
    await pagina.getByLabel('Valor').fill('10,00');
    await pagina.getByLabel('Motivo').fill('Depósito');
    await pagina.getByRole('button', { name: 'Lançar', exact: true }).click();
    await liberarComSupervisor(pagina);
    await pagina.getByText('Comprovante enviado para impressão.').first().waitFor();
    await fecharAvisos(pagina);
    await pagina.getByRole('button', { name: 'Suprimento' }).click();
    await pagina.getByLabel('Valor').fill('20,00');
    await pagina.getByLabel('Motivo').fill('Troco');
    await pagina.getByRole('button', { name: 'Lançar', exact: true }).click();
    await liberarComSupervisor(pagina);
    await pagina.getByText('Comprovante enviado para impressão.').first().waitFor();
    await fecharAvisos(pagina);
    await pagina.getByRole('button', { name: 'Fechar caixa' }).click();
    await pagina.locator('.ant-modal-footer').getByRole('button', { name: 'Fechar caixa' }).click();
    // Nothing counted: a difference; the admin may close with it, another operator would ask the release.
    await pagina.getByTestId('relatorio-caixa').or(pagina.getByTestId('liberacao-form')).first().waitFor();
    if (await pagina.getByTestId('liberacao-form').isVisible())
      await liberarComSupervisor(pagina, 'Contagem no dia seguinte');
    await pagina.getByTestId('relatorio-caixa').waitFor();
    await pagina.getByText('Comprovante enviado para impressão.').first().waitFor();
    await capturarTemas(pagina, 'frente-loja-fechamento-impresso');
    const depois = await impressoes();
    expect(contar(depois, 7) - contar(antes, 7)).toBe(1);
    expect(contar(depois, 9) - contar(antes, 9)).toBe(1);
    expect(contar(depois, 2) - contar(antes, 2)).toBe(1);
    expect(erros).toEqual([]);
    await contexto.close();
  });

  it('attendant required with password: asked before the first item, recorded on the sale', async () => {
    const terminais = await chamarApi<
      ({ _id: string; descricao: string; configuracoes: Record<string, unknown> } & Record<string, unknown>)[]
    >(baseUrl, token, 'terminal/getPopulate', { filtro: {} });
    const terminal = terminais.find((x) => x.descricao === 'Terminal Caixa 1' && x.configuracoes?.caixa);
    if (!terminal) throw new Error('Terminal Caixa 1');
    const empresaDo = (e: unknown) =>
      typeof e === 'string'
        ? e
        : e && typeof e === 'object'
          ? String((e as { _id?: unknown })._id ?? '')
          : '';
    const salvar = async (configuracoes: Record<string, unknown>) => {
      const r = await fetch(`${baseUrl}/api/terminal/${terminal._id}`, {
        method: 'PUT',
        headers: {
          'Content-Type': 'application/json',
          token,
          version: 'e2e',
          empresa: empresaDo(terminal.empresa),
        },
        body: JSON.stringify({ ...terminal, configuracoes }),
      });
      const corpo = (await r.json()) as { valido: boolean; data: unknown };
      if (!corpo.valido) throw new Error(JSON.stringify(corpo.data));
    };
    const original = terminal.configuracoes;
    await salvar({ ...original, exigirAtendente: true, senhaAtendente: true });
    try {
      const { pagina, contexto, erros } = await novaAba(navegador, TELA);
      await abrirFrenteLoja(pagina, baseUrl);
      await garantirCaixaAberto(pagina);
      await pagina.getByTestId('modos').getByText('Balcão').click();
      await buscarELancar(pagina, 'agua');
      const form = pagina.getByTestId('atendente-form');
      await form.waitFor();
      await form.getByLabel('Código interno ou e-mail').fill('5');
      const identificar = pagina
        .locator('.ant-modal', { has: form })
        .getByRole('button', { name: 'Identificar' });
      await identificar.click();
      await form.getByText('Campo Obrigatório').waitFor();
      await form.getByLabel('Senha').fill('errada');
      await identificar.click();
      await pagina.locator('.ant-notification-notice').first().waitFor();
      await fecharAvisos(pagina);
      await form.getByLabel('Senha').fill('garcom123');
      await fecharAvisos(pagina);
      await definirTemaEscuro(pagina, false);
      await identificar.click();
      await pagina.getByTestId('item-1').waitFor();
      await pagina.getByText('Neste caixa').waitFor();
      await pagina.getByTestId('atendente-venda').getByText('Gabriel Garçom').waitFor();
      // Cancelling sends the counter sale kept on the terminal first: recorded with its attendant, then
      // cancelled with the release.
      await pagina.getByRole('button', { name: 'Cancelar venda' }).click();
      await liberarComSupervisor(pagina, 'Teste');
      await pagina.getByText('Venda cancelada.').waitFor();
      const canceladas = (await vendas({ 'tipoVenda.id': 53 })).filter((v) => v.status.id >= 60);
      expect(canceladas.map((v) => v.atendente?.nome)).toContain('Gabriel Garçom');
      expect(erros).toEqual([]);
      await contexto.close();
    } finally {
      await salvar(original);
    }
  });
});
