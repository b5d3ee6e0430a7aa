import { SaveOutlined } from '@ant-design/icons';
import {
  type EstadoRelatorio,
  ehRelatorioDoSistema,
  PERMISSOES_RELATORIOS_CRIADOS,
  type VisibilidadeRelatorio,
} from '@retaguarda/domain/relatorios-salvos/relatorio-salvo';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Radio, Tag } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { novoId } from '../../lib/ids/novo-id.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { rotaPorNome } from '../../routes/rotas.ts';
import { usePermissoes } from '../layout/main-layout.tsx';
import { relatorioSalvoQuery, useSalvarRelatorio } from './api.ts';
import { estadoDaUrl } from './estado-url.ts';

// "Salvar relatório": stores the report on screen (its route and the state in its URL, estado-url.ts) in
// relatoriosCriados, private or shared with the group. Shown to whom may save reports (permission 1024) on a
// built-in report's route.

interface Valores {
  descricao: string;
  visibilidade: VisibilidadeRelatorio;
}

export function BotaoSalvarRelatorio({ estadoExtra }: { estadoExtra?: () => Partial<EstadoRelatorio> }) {
  const { pathname, search } = useLocation();
  const rota = pathname.replace(/^\//, '');
  const permissoes = usePermissoes();
  const salvar = useSalvarRelatorio();
  const [aberto, setAberto] = useState(false);
  const [id, setId] = useState(novoId);
  const [form] = Form.useForm<Valores>();
  if (!ehRelatorioDoSistema(rota) || !permissoes.data?.has(PERMISSOES_RELATORIOS_CRIADOS.incluir))
    return null;

  const confirmar = async (v: Valores) => {
    const estado = { ...estadoDaUrl(search), ...estadoExtra?.() };
    await salvar.mutateAsync({
      _id: id,
      relatorio: rota,
      descricao: v.descricao,
      visibilidade: v.visibilidade,
      estado,
    });
    notificar({
      tipo: 'success',
      mensagem: `Relatório "${v.descricao.trim()}" salvo em Relatórios Criados.`,
    });
    setAberto(false);
  };

  return (
    <>
      <Button
        icon={<SaveOutlined />}
        onClick={() => {
          setId(novoId());
          form.setFieldsValue({ descricao: rotaPorNome(rota)?.titulo ?? '', visibilidade: 'privado' });
          setAberto(true);
        }}
      >
        Salvar relatório
      </Button>
      <Modal
        title="Salvar relatório"
        open={aberto}
        okText="Salvar"
        cancelText="Cancelar"
        confirmLoading={salvar.isPending}
        onOk={() => form.submit()}
        onCancel={() => setAberto(false)}
        destroyOnHidden
      >
        <Form<Valores>
          form={form}
          layout="vertical"
          onFinish={(v) => void confirmar(v).catch(() => undefined)}
        >
          <Form.Item
            name="descricao"
            label="Nome"
            rules={[
              { required: true, whitespace: true, message: 'Informe o nome do relatório.' },
              { max: 100, message: 'Texto longo demais: no máximo 100 caracteres.' },
            ]}
          >
            <Input autoFocus maxLength={100} />
          </Form.Item>
          <Form.Item name="visibilidade" label="Quem vê">
            <Radio.Group
              options={[
                { value: 'privado', label: 'Somente eu' },
                { value: 'grupo', label: 'Usuários do grupo com acesso a este relatório' },
              ]}
            />
          </Form.Item>
          <Form.Item label="Será salvo com" style={{ marginBottom: 0 }}>
            O filtro, as colunas, o agrupamento e o gráfico que estão na tela.
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** The saved report this screen was opened from (relatoriosCriados), named beside the title. */
export function RelatorioSalvoAberto() {
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('relatorioSalvo') ?? '';
  const salvo = useQuery({ ...relatorioSalvoQuery(id), enabled: /^[0-9a-f]{24}$/.test(id) });
  if (!salvo.data) return null;
  return (
    <Tag color="processing" data-testid="relatorio-salvo-aberto">
      Relatório salvo: {salvo.data.descricao}
    </Tag>
  );
}
