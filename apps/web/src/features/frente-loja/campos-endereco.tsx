import { Flex, Form, Input } from 'antd';

// The address rows shared by the POS's quick customer registration and the delivery address fix (the CEP
// field stays with each form: it sits in a different row in each).

const obrigatorio = [{ required: true, message: '* Obrigatório' }];

export function CamposEndereco({ cidadeObrigatoria = false }: { cidadeObrigatoria?: boolean }) {
  return (
    <>
      <Flex gap={8}>
        <Form.Item label="Logradouro" name="logradouro" style={{ flex: 1 }} rules={obrigatorio}>
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
          {...(cidadeObrigatoria ? { rules: obrigatorio } : {})}
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
    </>
  );
}
