import { describe, expect, it } from 'vitest';
import type { ItemCatalogo } from './catalogo.ts';
import * as fiscais from './fiscais.ts';
import * as gerais from './gerais.ts';
import { unidadePorSigla, unidadesMedida } from './unidades-medida.ts';

type Catalogo = { grupo: string; itens: readonly ItemCatalogo<number | string>[] };
const ehCatalogo = (valor: unknown): valor is Catalogo =>
  typeof valor === 'object' && valor !== null && 'grupo' in valor && 'itens' in valor;
const descricoes = (c: Catalogo) => c.itens.map((i) => i.descricao);
const ids = (c: Catalogo) => c.itens.map((i) => i.id);

describe('every catalogue', () => {
  const todos: [string, Catalogo][] = [];
  const modulos: Record<string, unknown>[] = [gerais, fiscais, { unidadesMedida }];
  for (const modulo of modulos) {
    for (const [nome, valor] of Object.entries(modulo)) if (ehCatalogo(valor)) todos.push([nome, valor]);
  }
  it('exists in number', () => {
    expect(todos.length).toBeGreaterThanOrEqual(80);
  });
  it.each(todos)('%s has unique ids, its own grupo and the entry shape', (_nome, catalogo) => {
    expect(catalogo.itens.length).toBeGreaterThan(0);
    expect(new Set(ids(catalogo)).size).toBe(catalogo.itens.length);
    for (const entrada of catalogo.itens) {
      expect(entrada.grupo).toBe(catalogo.grupo);
      expect(entrada.descricao.trim()).not.toBe('');
      expect(entrada.sigla === null || typeof entrada.sigla === 'string').toBe(true);
      expect(entrada.referencia === null || typeof entrada.referencia === 'number').toBe(true);
    }
  });
});

describe('general enumerations', () => {
  it('follow spec 1 section 3', () => {
    expect(ids(gerais.tiposImpressao)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(gerais.tiposImpressao.porId(gerais.TIPO_IMPRESSAO.sangria)?.descricao).toBe('Sangria');
    expect(descricoes(gerais.tiposPessoa)).toEqual([
      'Cliente',
      'Fornecedor',
      'Funcionario',
      'Pagamento no Caixa',
    ]);
    expect(descricoes(gerais.periodosVenda)).toEqual(['Manha', 'Tarde', 'Noite', 'Integral']);
    expect(ids(gerais.tiposDescontoGeral)).toEqual([0, 1]);
    expect(ids(gerais.modosDescontoItem)).toEqual([0, 1, 2, 3, 4]);
    expect(gerais.abrangenciasVoucher.itens).toHaveLength(4);
    expect(descricoes(gerais.tiposPreco)).toEqual(['Preço Tabela', 'Preço Local', 'Percentual Tabela']);
    expect(ids(gerais.modelosImpressora)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(gerais.modelosImpressora.itens.filter((m) => m.etiqueta).length).toBeGreaterThan(0);
    expect(gerais.formatosEtiqueta.itens).toHaveLength(25);
    expect(descricoes(gerais.marcasBalanca)).toEqual([
      'Toledo',
      'Urano POP-S',
      'Urano POP-Z',
      'Elgin DP-20',
      'Wind C3',
    ]);
    expect(ids(gerais.velocidadesSerial)).toEqual([1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200]);
    expect(descricoes(gerais.bitsParadaSerial)).toEqual(['1', '1.5', '2']);
    expect(ids(gerais.bitsDadosSerial)).toEqual([4, 5, 6, 7, 8]);
    expect(descricoes(gerais.controlesFluxoSerial)).toEqual(['None', 'Hardware', 'Xon-Xoff']);
    expect(descricoes(gerais.portasSerial)).toEqual(Array.from({ length: 12 }, (_, i) => `COM${i + 1}`));
    expect(descricoes(gerais.tiposBandeiraPagamento)).toEqual([
      'Dinheiro',
      'Débito',
      'Crédito',
      'Vale Refeição',
      'Vale Alimentação',
      'App Online',
      'Cheque',
      'Pix',
    ]);
    expect(gerais.tiposEmpresa.itens.some((t) => t.descricao === 'Gestor Franquia')).toBe(true);
    expect(gerais.plataformas.itens.map((p) => p.sigla)).toEqual([
      'loja',
      'app',
      'garcom',
      'cardapioDigital',
      'totemAutoAtendimento',
      'tablet',
      'callCenter',
    ]);
    expect(gerais.funcoesTerminal.itens).toHaveLength(9);
    expect(gerais.statusImpressao.porId(1)?.descricao).toBe('Aguardando Impressão');
    expect(gerais.tiposProduto.itens.map((t) => t.sigla)).toEqual([
      'Normal',
      'Servico',
      'Gorjeta',
      'Taxa Entrega',
      'Adicional',
      'Ingresso',
      'Rodizio',
      'Complemento Consumo',
      'Generico',
    ]);
    expect(descricoes(gerais.tiposProdutoEstoque)).toEqual(['Normal', 'Ingrediente', 'Adicional']);
  });

  it('follow the states of spec 1 section 4 and spec 2 section 4', () => {
    expect(descricoes(gerais.statusOperacaoCaixa)).toEqual([
      'Aberto Ocioso',
      'Aberto Operando',
      'Fechado Não Conferido',
      'Fechado Conferido',
      'Fechado Conciliado',
      'Fechado com Divergência',
    ]);
    expect(gerais.statusReposicaoEstoque.itens).toHaveLength(4);
    expect(gerais.statusProducao.itens).toHaveLength(3);
    expect(ids(gerais.tiposTransferencia)).toEqual([3, 7, 22, 24, 25]);
    expect(gerais.statusCheque.itens).toHaveLength(8);
    expect(gerais.statusDfe.itens).toHaveLength(7);
    expect(gerais.statusFila.itens).toHaveLength(4);
    expect(gerais.statusNotaEntrada.itens).toHaveLength(4);
    expect(gerais.statusEmbalagem.itens).toHaveLength(3);
    expect(gerais.statusTitulo.itens).toHaveLength(12);
    expect(gerais.statusPedidoCompra.itens).toHaveLength(4);
    expect(gerais.statusPedidoExterno.itens).toHaveLength(5);
    expect(gerais.statusEntrega.itens).toHaveLength(7);
    expect(descricoes(gerais.statusTarefa)).toEqual(['To Do', 'Doing', 'Test', 'Done']);
  });

  it('have the other groups of spec 2 section 3.3', () => {
    const portas = descricoes(gerais.portasComunicacao);
    expect(portas).toHaveLength(8 + 4 + 2 + 8 + 2);
    expect(portas).toEqual(
      expect.arrayContaining(['COM1', 'COM8', 'LPT4', 'USB', 'Teclado AT', 'ttyS7', 'ttyACM0', 'ip']),
    );
    expect(ids(gerais.diasSemana)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(gerais.diasSemana.porId(0)?.descricao).toBe('Domingo');
    expect(gerais.diasSemana.porId(6)?.descricao).toBe('Sábado');
    expect(ids(gerais.recorrenciasTitulo)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(gerais.recorrenciasTitulo.porId(0)?.descricao).toBe('Nenhuma');
    expect(gerais.recorrenciasTitulo.porId(7)?.descricao).toBe('Anual');
    expect(descricoes(gerais.tiposEndereco)).toEqual(['Residencial', 'Comercial', 'Entrega']);
    expect(descricoes(gerais.tiposTelefone)).toEqual(['Residencial', 'Comercial', 'Celular']);
    expect(gerais.sexos.porId(1)?.descricao).toBe('Masculino');
  });

  it('has about 60 units of measure with the spec examples', () => {
    expect(unidadesMedida.itens.length).toBeGreaterThanOrEqual(60);
    for (const sigla of ['UN', 'KG', 'LT', 'CX', 'M2', 'PC', 'TON'])
      expect(unidadePorSigla(sigla)).toBeDefined();
    expect(new Set(unidadesMedida.itens.map((u) => u.sigla)).size).toBe(unidadesMedida.itens.length);
    expect(unidadePorSigla(' kg ')?.fracionavel).toBe(true);
    expect(unidadePorSigla('UN')?.fracionavel).toBe(false);
    expect(unidadesMedida.itens.every((u) => (u.sigla ?? '').length <= 6)).toBe(true);
  });
});
