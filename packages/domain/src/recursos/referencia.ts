import { permissoesDoRecurso } from '../catalogos/permissoes.ts';
import { TABELA_UF } from '../catalogos/ufs.gen.ts';
import { data, decimal, definirRecurso, inteiro, texto } from './definir-recurso.ts';

// 'De Olho no Imposto' (Lei 12.741/2012): the approximate tax rates of the IBPT table, per state, imported
// from the CSV IBPT publishes (apps/server modules/referencia) and loaded by the POS (spec 2 section 7,
// olhoNoImposto/getPopulate limit 20000). Field names are the CSV's columns.

export const LIMITE_OLHO_NO_IMPOSTO = 20_000;

const aliquota = (rotulo: string, obrigatorio = false) =>
  decimal(rotulo, 2, { obrigatorio, min: 0, max: 100 });

export const olhoNoImposto = definirRecurso({
  tabela: 'olhoNoImposto',
  titulo: 'Olho no Imposto (IBPT)',
  escopo: 'grupo',
  campos: {
    uf: texto('UF', { obrigatorio: true, opcoes: TABELA_UF.map((u) => u[1]) }),
    codigo: texto('Código (NCM/NBS)', { obrigatorio: true, max: 10, busca: true }),
    ex: texto('Exceção', { max: 3 }),
    tipo: inteiro('Tipo', { obrigatorio: true, catalogoId: 'tipoOlhoNoImposto' }),
    descricao: texto('Descrição', { max: 2000, busca: true, longo: true }),
    nacionalfederal: aliquota('Federal Nacional (%)', true),
    importadosfederal: aliquota('Federal Importados (%)'),
    estadual: aliquota('Estadual (%)'),
    municipal: aliquota('Municipal (%)'),
    vigenciainicio: data('Vigência Início'),
    vigenciafim: data('Vigência Fim'),
    chave: texto('Chave', { max: 20 }),
    versao: texto('Versão', { max: 20 }),
    fonte: texto('Fonte', { max: 100 }),
  },
  lista: {
    colunas: [
      'uf',
      'codigo',
      'ex',
      'tipo',
      'descricao',
      'nacionalfederal',
      'importadosfederal',
      'estadual',
      'municipal',
      'versao',
    ],
    ordem: 'codigo',
  },
  permissoes: permissoesDoRecurso('olhoNoImposto'),
  limiteMaximo: LIMITE_OLHO_NO_IMPOSTO,
  leituraLivre: true,
  indices: [['uf', 'codigo']],
});

export const RECURSOS_REFERENCIA = [olhoNoImposto];
