import { useSearchParams } from 'react-router';

// A report's own choices kept in its URL beside the filter (estado-url.ts of relatorios-comum: `agrupamento`,
// `colunas`, `grafico`, or a report's own parameter), so a reload, a link or a saved report shows the same thing.

export function useParametroUrl(nome: string): [string | null, (v: string | null) => void] {
  const [params, setParams] = useSearchParams();
  // The updater form: two choices written in one event (the grouping and the chart) both stay.
  const mudar = (v: string | null) =>
    setParams(
      (atuais) => {
        const n = new URLSearchParams(atuais);
        if (v === null || v === '') n.delete(nome);
        else n.set(nome, v);
        return n;
      },
      { replace: true },
    );
  return [params.get(nome), mudar];
}

export function useListaUrl(nome: string): [string[], (v: readonly string[]) => void] {
  const [valor, mudar] = useParametroUrl(nome);
  return [valor ? valor.split(',').filter(Boolean) : [], (v) => mudar(v.join(','))];
}
