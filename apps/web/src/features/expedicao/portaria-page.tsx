import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Table, Tag } from 'antd';
import { useState } from 'react';
import { queryClient } from '../../lib/api/query-client.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import {
  buscarPortaria,
  chavesExpedicao,
  type RegistroPortaria,
  registrarPortaria,
  saidaPortaria,
} from './api.ts';
import { TelaFrente, useTempoReal } from './tela-frente.tsx';

// Doorman registration (#/frenteLoja/portaria, permission 51): who came in, with which tab and how many
// people; the exit is marked when they leave.

interface Campos {
  nome: string;
  documento?: string;
  telefone?: string;
  comanda?: number;
  pessoas?: number;
  observacao?: string;
}

/** DD/MM/YY HH:mm, as the store's printed documents (spec 9). */
const hora = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${p(d.getFullYear() % 100)} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

export function PortariaPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <Portaria />
    </QueryClientProvider>
  );
}

function Portaria() {
  const empresa = useSessao((s) => s.empresa);
  const chave = chavesExpedicao.portaria(empresa?._id ?? '');
  const lista = useQuery({
    queryKey: chave,
    queryFn: buscarPortaria,
    enabled: Boolean(empresa),
    staleTime: 0,
  });
  const recarregar = () => void queryClient.invalidateQueries({ queryKey: chave });
  const status = useTempoReal(['portariaAlterada'], recarregar);
  const [form] = Form.useForm<Campos>();
  const [ocupado, setOcupado] = useState(false);
  const registrar = async (c: Campos) => {
    setOcupado(true);
    try {
      await registrarPortaria({
        nome: c.nome,
        ...(c.documento ? { documento: c.documento } : {}),
        ...(c.telefone ? { telefone: c.telefone } : {}),
        ...(c.comanda ? { comanda: c.comanda } : {}),
        ...(c.pessoas ? { pessoas: c.pessoas } : {}),
        ...(c.observacao ? { observacao: c.observacao } : {}),
      });
      form.resetFields();
      recarregar();
    } catch {
      // message already shown
    } finally {
      setOcupado(false);
    }
  };
  return (
    <TelaFrente titulo="Portaria" status={status} testId="tela-portaria">
      <Card size="small" title="Registrar entrada" style={{ marginBottom: 12 }}>
        <Form form={form} layout="inline" onFinish={(c) => void registrar(c)} initialValues={{ pessoas: 1 }}>
          <Form.Item
            name="nome"
            label="Nome"
            rules={[{ required: true, whitespace: true, message: 'Informe o nome!' }]}
          >
            <Input maxLength={100} style={{ width: 220 }} autoFocus />
          </Form.Item>
          <Form.Item name="documento" label="CPF/Documento">
            <Input maxLength={20} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="telefone" label="Telefone">
            <Input maxLength={20} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="comanda" label="Comanda">
            <InputNumber min={1} max={99999} precision={0} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="pessoas" label="Pessoas">
            <InputNumber min={1} max={500} precision={0} style={{ width: 80 }} />
          </Form.Item>
          <Form.Item name="observacao" label="Observação">
            <Input maxLength={500} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={ocupado}>
              Registrar
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Table<RegistroPortaria>
        size="small"
        rowKey="_id"
        loading={lista.isLoading}
        dataSource={lista.data ?? []}
        pagination={{ pageSize: 50 }}
        locale={{ emptyText: 'Nenhuma entrada registrada' }}
        columns={[
          { title: 'Entrada', dataIndex: 'entradaEm', render: (v: string) => hora(v), width: 120 },
          { title: 'Nome', dataIndex: 'nome' },
          { title: 'Documento', dataIndex: 'documento', width: 140 },
          { title: 'Telefone', dataIndex: 'telefone', width: 130 },
          { title: 'Comanda', dataIndex: 'comanda', width: 90 },
          { title: 'Pessoas', dataIndex: 'pessoas', width: 80 },
          { title: 'Observação', dataIndex: 'observacao' },
          {
            title: 'Saída',
            dataIndex: 'saidaEm',
            width: 140,
            render: (v: string | null, r) =>
              v ? (
                <Tag>{hora(v)}</Tag>
              ) : (
                <Button
                  size="small"
                  onClick={() => void saidaPortaria(r._id).then(recarregar, () => undefined)}
                >
                  Registrar saída
                </Button>
              ),
          },
        ]}
      />
    </TelaFrente>
  );
}
