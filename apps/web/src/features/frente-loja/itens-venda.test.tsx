import { catalogoVendaSchema, configuracaoVendaSchema, type Venda } from '@retaguarda/domain';
import { render } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { ItensVenda } from './itens-venda.tsx';
import { type AmbienteVenda, adicionarProdutoLocal, novaVendaLocal } from './venda-local.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');
const AGORA = '2026-11-21T15:00:00-03:00';
const produtos = Array.from({ length: 40 }, (_, i) => ({
  _id: id(i + 1),
  descricao: `Produto ${i + 1}`,
  codigoInterno: i + 1,
}));
const amb: AmbienteVenda = {
  empresa: id(0xe1),
  grupoEmpresarial: id(0x61),
  terminal: id(0x71),
  operador: { _id: id(0xa), nome: 'Caixa', codigoInterno: 3 },
  catalogo: catalogoVendaSchema.parse({
    produtos: produtos.map((p, i) => ({ _id: p._id, descricao: p.descricao, preco: `${(i % 9) + 2}.50` })),
    combos: [
      {
        _id: id(0xc0),
        descricao: 'Combo',
        desconto: '10',
        tipoDesconto: 'percentual',
        corPredominanteCombo: '#F2711C',
        agrupadores: [
          { _id: id(0xc1), quantidade: 1, produtos: [id(1)] },
          { _id: id(0xc2), quantidade: 1, produtos: [id(2)] },
        ],
      },
    ],
  }),
  configuracao: configuracaoVendaSchema.parse({ empresa: id(0xe1), comboOrdemDesconto: 'valorDesconto' }),
};

describe('ItensVenda', () => {
  it('shows each line with its combo marker, discount and value', () => {
    let v = novaVendaLocal(amb, 53, AGORA);
    v = adicionarProdutoLocal(v, amb, produtos[0] as (typeof produtos)[0], AGORA);
    v = adicionarProdutoLocal(v, amb, produtos[1] as (typeof produtos)[0], AGORA);
    const tela = render(<ItensVenda venda={v} selecionado={2} aoSelecionar={() => undefined} />);
    expect(tela.getAllByText('Combo')).toHaveLength(2);
    expect(tela.getByTestId('item-2').getAttribute('aria-pressed')).toBe('true');
    expect(tela.getByTestId('item-1-valor').textContent).toBe('R$ 2,25');
  });

  it('a sent line reads Enviado, Em preparo or Pronto as the kitchen moves it (issue 13)', () => {
    let v = novaVendaLocal(amb, 54, AGORA);
    for (const n of [3, 4, 5]) v = adicionarProdutoLocal(v, amb, produtos[n] as (typeof produtos)[0], AGORA);
    v = {
      ...v,
      produtos: v.produtos.map((i, k) => ({ ...i, confirmado: true, _id: id(0xf0 + k) })),
    };
    const tela = render(
      <ItensVenda
        venda={v}
        selecionado={null}
        aoSelecionar={() => undefined}
        cozinha={{ [id(0xf0)]: 'pronto', [id(0xf1)]: 'emPreparo' }}
      />,
    );
    expect(tela.getByTestId('item-1-pronto').textContent).toBe('Pronto');
    expect(tela.queryByTestId('item-1-enviado')).toBeNull();
    expect(tela.getByTestId('item-2-em-preparo').textContent).toBe('Em preparo');
    expect(tela.getByTestId('item-3-enviado').textContent).toBe('Enviado');
  });

  it('adding the 101st line (engine + render) stays within a few frames, even in jsdom on a busy machine', () => {
    let v: Venda = novaVendaLocal(amb, 53, AGORA);
    for (let i = 0; i < 100; i++)
      v = adicionarProdutoLocal(v, amb, produtos[i % 40] as (typeof produtos)[0], AGORA);
    const medidas: number[] = [];
    const aoSelecionar = () => undefined;
    const aoRenderizar = (_id: string, fase: string, duracao: number) => {
      if (fase !== 'mount') medidas.push(duracao);
    };
    const tela = render(
      <Profiler id="itens" onRender={aoRenderizar}>
        <ItensVenda venda={v} selecionado={null} aoSelecionar={aoSelecionar} />
      </Profiler>,
    );
    const tempos: { motor: number; render: number }[] = [];
    for (let rodada = 0; rodada < 11; rodada++) {
      const t0 = performance.now();
      v = adicionarProdutoLocal(v, amb, produtos[(rodada + 7) % 40] as (typeof produtos)[0], AGORA);
      const motor = performance.now() - t0;
      medidas.length = 0;
      tela.rerender(
        <Profiler id="itens" onRender={aoRenderizar}>
          <ItensVenda venda={v} selecionado={null} aoSelecionar={aoSelecionar} />
        </Profiler>,
      );
      tempos.push({ motor, render: medidas.reduce((a, b) => a + b, 0) });
    }
    // The machine is shared (2 cores, several test runs at once): judge the median, report every figure.
    const somas = tempos.map((t) => t.motor + t.render).sort((a, b) => a - b);
    const mediana = somas[Math.floor(somas.length / 2)] ?? 0;
    console.info(
      `101ª+ linha: ${tempos.map((t) => `motor ${t.motor.toFixed(2)} ms + render ${t.render.toFixed(2)} ms`).join('; ')}`,
    );
    expect(tela.getByTestId('item-105')).toBeTruthy();
    // jsdom renders several times slower than a browser: a quiet run measures ~15 ms here (13 ms of it render), a
    // busy one ~19 ms (a CI run failed on 16). Re-rendering every line instead of the new one costs several times
    // that, so 50 ms still catches the regression this guards; the browser figure is frente-loja-navegador's bench.
    expect(mediana).toBeLessThan(50);
  });
});
