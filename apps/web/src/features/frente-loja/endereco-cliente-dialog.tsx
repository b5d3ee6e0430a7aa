import { Button, Flex, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { type EnderecoPessoa, type Pessoa, preencherPeloCep } from './cliente-busca.tsx';

// Fixes the customer's registered address from the delivery screen (the geocoder refused it, or the customer
// moved): PUT pessoa/:id with the new address; the location found for the old one is dropped.

export function EnderecoClienteDialog({
  cliente,
  aoFechar,
  aoSalvar,
}: {
  cliente: Pessoa | null;
  aoFechar: () => void;
  aoSalvar: (p: Pessoa) => void;
}) {
  const [form] = Form.useForm();
  const [gravando, setGravando] = useState(false);
  useEffect(() => {
    if (cliente) form.setFieldsValue({ uf: 'PR', ...cliente.endereco });
    else form.resetFields();
  }, [cliente, form]);

  const salvar = async (v: Record<string, string>) => {
    if (!cliente) return;
    setGravando(true);
    try {
      const endereco: EnderecoPessoa & Record<string, unknown> = {
        ...cliente.endereco,
        cep: v.cep ?? '',
        logradouro: v.logradouro ?? '',
        numero: v.numero ?? '',
        complemento: v.complemento ?? '',
        bairro: v.bairro ?? '',
        cidade: v.cidade ?? '',
        uf: v.uf || 'PR',
        pais: cliente.endereco?.pais || 'Brasil',
        localizacao: null,
      };
      await api.put(`pessoa/${cliente._id}`, { endereco }, { acao: 'ao gravar o endereço' });
      notificar({ tipo: 'success', mensagem: `Endereço de ${cliente.nome} atualizado.` });
      aoSalvar({ ...cliente, endereco });
    } catch {
      // toast shown
    } finally {
      setGravando(false);
    }
  };

  return (
    <Modal
      open={cliente !== null}
      title={`Endereço de entrega · ${cliente?.nome ?? ''}`}
      okText="Salvar endereço"
      okButtonProps={{ loading: gravando }}
      onOk={() => form.submit()}
      onCancel={aoFechar}
      width={640}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={salvar} requiredMark={false}>
        <Flex gap={8} align="end">
          <Form.Item label="CEP" name="cep" style={{ width: 160 }}>
            <Input maxLength={9} onPressEnter={() => void preencherPeloCep(form)} />
          </Form.Item>
          <Form.Item>
            <Button onClick={() => void preencherPeloCep(form)}>Buscar CEP</Button>
          </Form.Item>
        </Flex>
        <Flex gap={8}>
          <Form.Item
            label="Logradouro"
            name="logradouro"
            style={{ flex: 1 }}
            rules={[{ required: true, message: '* Obrigatório' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item label="Número" name="numero" style={{ width: 100 }}>
            <Input />
          </Form.Item>
        </Flex>
        <Flex gap={8}>
          <Form.Item label="Bairro" name="bairro" style={{ flex: 1 }}>
            <Input />
          </Form.Item>
          <Form.Item
            label="Cidade"
            name="cidade"
            style={{ flex: 1 }}
            rules={[{ required: true, message: '* Obrigatório' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item label="UF" name="uf" style={{ width: 70 }}>
            <Input maxLength={2} />
          </Form.Item>
        </Flex>
        <Form.Item label="Complemento" name="complemento">
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
