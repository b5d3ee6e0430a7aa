import { formatarDataHora } from '@retaguarda/domain';
import type { FiltroRelatorioEntrada } from '@retaguarda/domain/relatorios/filtro';
import type { TipoGraficoRelatorio } from '@retaguarda/domain/relatorios-salvos/relatorio-salvo';
import { Alert, Card, Col, Empty, Flex, Row, Segmented, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { MenuExportacao, type MenuExportacaoProps } from '../../lib/exportar/menu-exportacao.tsx';
import { GraficoEcharts } from '../../lib/graficos-echarts/grafico-echarts.tsx';
import { nomeEmpresa, useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import { descreverFiltro } from '../relatorios-comum/descricao-filtro.ts';
import { ehGrafico } from '../relatorios-comum/estado-url.ts';
import { BotaoSalvarRelatorio, RelatorioSalvoAberto } from '../relatorios-comum/salvar-relatorio.tsx';
import { graficoResumo, type PontoGrafico } from './graficos.ts';
import { useParametroUrl } from './parametros-url.ts';

// What the five sales report screens share around their tables: the saved-report tag, "Salvar relatório" and the
// export menu on one line; the total cards; the note that the figures on screen are the ones kept on this browser
// while the fresh answer is on its way; the optional chart (URL `grafico`).

export function AcoesRelatorio({
  montar,
  desabilitado,
}: Pick<MenuExportacaoProps, 'montar' | 'desabilitado'>) {
  return (
    <Flex gap={8} wrap justify="flex-end" align="center">
      <RelatorioSalvoAberto />
      <BotaoSalvarRelatorio />
      <MenuExportacao montar={montar} {...(desabilitado !== undefined ? { desabilitado } : {})} />
    </Flex>
  );
}

export interface Cartao {
  titulo: string;
  valor: string;
  testId: string;
}

export function CartoesTotais({ cartoes }: { cartoes: readonly Cartao[] }) {
  return (
    <Row gutter={[12, 12]}>
      {cartoes.map((c) => (
        <Col key={c.testId} xs={12} md={8} xl={Math.max(4, Math.floor(24 / cartoes.length))}>
          <Card size="small" style={{ height: '100%' }}>
            <Statistic title={c.titulo} value={c.valor} data-testid={c.testId} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The state of the answer: waiting, failed, or shown from this browser's copy while the server answers. */
export function EstadoResposta({
  temDados,
  erro,
  guardadaEm,
  atualizando,
  children,
}: {
  temDados: boolean;
  erro: unknown;
  guardadaEm: string | undefined;
  atualizando: boolean;
  children: ReactNode;
}) {
  if (!temDados)
    return <Empty description={erro ? 'Não foi possível gerar o relatório.' : 'Gerando o relatório…'} />;
  return (
    <>
      {guardadaEm !== undefined && atualizando && (
        <Alert
          type="info"
          showIcon
          data-testid="relatorio-guardado"
          message={`Mostrando o resultado guardado neste navegador em ${formatarDataHora(guardadaEm)}; atualizando…`}
        />
      )}
      {children}
    </>
  );
}

/** The chart choice of the URL ('nenhum' by default) and its switch. */
export function useGraficoUrl(): [TipoGraficoRelatorio, (t: TipoGraficoRelatorio) => void] {
  const [valor, mudar] = useParametroUrl('grafico');
  return [ehGrafico(valor) ? valor : 'nenhum', (t) => mudar(t === 'nenhum' ? null : t)];
}

export function EscolhaGrafico({
  valor,
  aoMudar,
}: {
  valor: TipoGraficoRelatorio;
  aoMudar: (t: TipoGraficoRelatorio) => void;
}) {
  return (
    <Flex gap={8} align="center">
      <Typography.Text>Gráfico</Typography.Text>
      <Segmented<TipoGraficoRelatorio>
        aria-label="Gráfico"
        value={valor}
        onChange={aoMudar}
        options={[
          { value: 'nenhum', label: 'Nenhum' },
          { value: 'barras', label: 'Barras' },
          { value: 'linhas', label: 'Linhas' },
          { value: 'pizza', label: 'Pizza' },
        ]}
      />
    </Flex>
  );
}

export function GraficoDoResumo({
  tipo,
  pontos,
  medida,
}: {
  tipo: TipoGraficoRelatorio;
  pontos: readonly PontoGrafico[];
  medida: string;
}) {
  if (tipo === 'nenhum') return null;
  const g = graficoResumo(pontos, tipo, medida);
  return (
    <Card size="small">
      <GraficoEcharts opcoes={g.opcoes} resumo={g.resumo} altura={300} testId="grafico-relatorio" />
    </Card>
  );
}

/** The filter in words for a file's head, the stores by their names. */
export function useDescricaoFiltro(): (f: FiltroRelatorioEntrada) => string[] {
  const { empresas } = useEmpresasUsuario();
  const nomes = new Map(empresas.map((e) => [e._id, nomeEmpresa(e)]));
  return (f) => descreverFiltro(f, (id) => nomes.get(id) ?? id);
}

/** File name of a report: its name and period. */
export const nomeArquivo = (base: string, f: FiltroRelatorioEntrada) =>
  `${base}-${f.dataInicio}-a-${f.dataFim}`;
