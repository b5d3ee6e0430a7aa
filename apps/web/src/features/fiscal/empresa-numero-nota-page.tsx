import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, InputNumber, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { buscarConfiguracao, buscarSequencial, chavesFiscal, definirNumeracao } from './api.ts';
import { SeletorEmpresa } from './comum.tsx';
import { ConfiguracaoFiscalEmpresa } from './configuracao-fiscal.tsx';

// empresaNumeroNota: the store's fiscal setup (tab "Configuração fiscal", also opened from the empresa
// screen with ?empresa=<id>&aba=fiscal) and its numbering: the current NFC-e sequence per series and the
// non-fiscal receipts (Bnf), with the counter set back to a store's real last number.

export function EmpresaNumeroNotaPage() {
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const [params, setParams] = useSearchParams();
  const empresa = params.get('empresa') ?? empresaSessao;
  const aba = params.get('aba') ?? 'numeracao';
  const mudar = (nome: string, valor: string) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.set(nome, valor);
      return n;
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <span>Empresa</span>
        <SeletorEmpresa id="numeracao-empresa" valor={empresa} aoMudar={(e) => mudar('empresa', e)} />
      </Space>
      {empresa && (
        <Tabs
          activeKey={aba}
          onChange={(k) => mudar('aba', k)}
          items={[
            { key: 'numeracao', label: 'Numeração', children: <Numeracao key={empresa} empresa={empresa} /> },
            {
              key: 'fiscal',
              label: 'Configuração fiscal',
              children: <ConfiguracaoFiscalEmpresa key={empresa} empresa={empresa} />,
            },
          ]}
        />
      )}
    </Space>
  );
}

function Numeracao({ empresa }: { empresa: string }) {
  const config = useQuery({
    queryKey: chavesFiscal.configuracao(empresa),
    queryFn: () => buscarConfiguracao(empresa),
  });
  const [serie, setSerie] = useState<number | null>(null);
  const serieAtual = serie ?? config.data?.serie ?? null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space>
        <span>Série NFC-e</span>
        <InputNumber
          aria-label="Série da numeração"
          min={0}
          max={899}
          value={serieAtual}
          onChange={setSerie}
        />
      </Space>
      <Space wrap align="start" size="middle">
        {/* Without a series the server answers for the store's NFC-e series (and says which). */}
        <CartaoSequencial empresa={empresa} modelo="65" serie={serieAtual} />
        <CartaoSequencial empresa={empresa} modelo="bnf" serie={0} />
      </Space>
    </Space>
  );
}

function CartaoSequencial({
  empresa,
  modelo,
  serie,
}: {
  empresa: string;
  modelo: '65' | 'bnf';
  serie: number | null;
}) {
  const queryClient = useQueryClient();
  const chave = chavesFiscal.sequencial(empresa, modelo, modelo === '65' ? serie : null);
  const seq = useQuery({
    queryKey: chave,
    queryFn: () => buscarSequencial(empresa, modelo, modelo === '65' ? serie : null),
  });
  const [ultimo, setUltimo] = useState<number | null>(null);
  const definir = useMutation({
    mutationFn: (n: number) => definirNumeracao(empresa, modelo, seq.data?.serie ?? serie ?? 0, n),
    onSuccess: (_, n) => {
      void queryClient.invalidateQueries({ queryKey: chave });
      setUltimo(null);
      notificar({ tipo: 'success', mensagem: `Numeração definida: próximo número ${n + 1}.` });
    },
  });
  const titulo =
    modelo === '65'
      ? `NFC-e (modelo 65) série ${seq.data?.serie ?? serie ?? ''}`
      : 'Comprovante não fiscal (Bnf)';
  return (
    <Card
      size="small"
      title={titulo}
      style={{ width: 380 }}
      loading={seq.isPending}
      data-testid={`sequencial-${modelo}`}
    >
      {seq.data && (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="Último número">{seq.data.ultimoNumero}</Descriptions.Item>
          <Descriptions.Item label="Próximo número">
            <strong>{seq.data.proximoNumero}</strong>
          </Descriptions.Item>
        </Descriptions>
      )}
      <Form
        layout="inline"
        onFinish={() => ultimo !== null && definir.mutate(ultimo)}
        style={{ marginTop: 8 }}
      >
        <Form.Item label="Último número usado">
          <InputNumber aria-label={`Último número ${modelo}`} min={0} value={ultimo} onChange={setUltimo} />
        </Form.Item>
        <Button htmlType="submit" disabled={ultimo === null} loading={definir.isPending}>
          Definir
        </Button>
      </Form>
      {modelo === '65' && (
        <Alert
          style={{ marginTop: 8 }}
          type="info"
          message="O número não pode ficar abaixo da última nota emitida; números pulados devem ser inutilizados."
        />
      )}
    </Card>
  );
}
