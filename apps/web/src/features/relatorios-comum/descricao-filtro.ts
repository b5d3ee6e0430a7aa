import { origensPedido, statusVenda, tiposVenda } from '@retaguarda/domain';
import type { FiltroRelatorioEntrada } from '@retaguarda/domain/relatorios/filtro';

// The default report filter in words, for the head of an exported or printed report: a file read days later says
// which stores, period, hours, statuses, sale types and origins it holds.

const dataBr = (dia: string) => dia.split('-').reverse().join('/');

const nomes = (
  ids: readonly number[] | undefined,
  c: { porId: (id: never) => { descricao: string } | undefined },
) => (ids ?? []).map((i) => c.porId(i as never)?.descricao ?? String(i)).join(', ');

export function descreverFiltro(f: FiltroRelatorioEntrada, nomeDaEmpresa: (id: string) => string): string[] {
  const empresas = f.empresasSelecionada ?? [];
  const linhas = [
    `Empresas: ${empresas.length ? empresas.map(nomeDaEmpresa).join(', ') : 'todas'}`,
    `Período: ${dataBr(f.dataInicio)} a ${dataBr(f.dataFim)}, ${f.horaInicio ?? '00:00'} às ${f.horaFim ?? '23:59'}`,
    `Status: ${nomes(f.statusVenda ?? [59], statusVenda)}`,
  ];
  if (f.tipoVenda?.length) linhas.push(`Tipo de venda: ${nomes(f.tipoVenda, tiposVenda)}`);
  if (f.localPedido?.length) linhas.push(`Origem: ${nomes(f.localPedido, origensPedido)}`);
  return linhas;
}
