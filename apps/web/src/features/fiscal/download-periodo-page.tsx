import { Alert, Button, Card, DatePicker, Form, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSessao } from '../../lib/session/sessao.ts';
import { baixarZipPeriodo } from './api.ts';
import { limitesPeriodo, SeletorEmpresa } from './comum.tsx';

// baixarNotas and exportarDados (issue 7 item 6): the period's XMLs in one zip for the accountant
// (NFCe/, Eventos/, Inutilizacao/; exportarDados adds resumo.csv).

const TEXTOS = {
  baixarNotas: {
    titulo: 'Baixar notas',
    descricao:
      'XML autorizados das NFC-e, eventos de cancelamento e inutilizações do período, em um arquivo zip.',
  },
  exportarDados: {
    titulo: 'Exportar dados para a contabilidade',
    descricao:
      'Arquivo zip com os XML do período (NFC-e, eventos e inutilizações) e o resumo.csv com uma linha por nota.',
  },
} as const;

function DownloadPeriodo({ rota }: { rota: 'baixarNotas' | 'exportarDados' }) {
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const [empresa, setEmpresa] = useState(empresaSessao);
  const [periodo, setPeriodo] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs()]);
  const [baixando, setBaixando] = useState(false);
  const [ultimo, setUltimo] = useState<string | null>(null);

  const baixar = async () => {
    if (!empresa) return;
    setBaixando(true);
    try {
      const { dataInicial, dataFinal } = limitesPeriodo(periodo[0], periodo[1]);
      setUltimo(await baixarZipPeriodo(rota, empresa, dataInicial, dataFinal));
    } catch {
      // message shown by the download helper
    } finally {
      setBaixando(false);
    }
  };

  return (
    <Card title={TEXTOS[rota].titulo} style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{TEXTOS[rota].descricao}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void baixar()}>
        <Form.Item label="Empresa">
          <SeletorEmpresa valor={empresa} aoMudar={setEmpresa} />
        </Form.Item>
        <Form.Item label="Período">
          <DatePicker.RangePicker
            format="DD/MM/YYYY"
            allowClear={false}
            value={periodo}
            onChange={(v) => {
              if (v?.[0] && v[1]) setPeriodo([v[0], v[1]]);
            }}
          />
        </Form.Item>
        <Space orientation="vertical">
          <Button type="primary" htmlType="submit" loading={baixando} disabled={!empresa}>
            {rota === 'baixarNotas' ? 'Baixar zip' : 'Exportar zip'}
          </Button>
          {ultimo && <Alert type="success" showIcon message={`Arquivo ${ultimo} gerado.`} />}
        </Space>
      </Form>
    </Card>
  );
}

export function BaixarNotasPage() {
  return <DownloadPeriodo rota="baixarNotas" />;
}

export function ExportarDadosPage() {
  return <DownloadPeriodo rota="exportarDados" />;
}
