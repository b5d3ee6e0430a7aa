import { LockOutlined, RightOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Flex, Input, List, Row, Tag, Tooltip, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { usePermissoes } from '../layout/main-layout.tsx';
import { buscarNoCatalogo, catalogoRelatorios, type ItemCatalogo, porGrupo } from './catalogo.ts';

// relatoriosDoSistema (issue 19): every built-in report, grouped, searchable, each with its permission; one the
// user cannot open is shown greyed with a lock and the permission to ask for.

function Item({ item }: { item: ItemCatalogo }) {
  const { token } = theme.useToken();
  const conteudo = (
    <Flex justify="space-between" align="center" gap={12} style={{ width: '100%' }}>
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Typography.Text strong disabled={!item.permitido}>
          {!item.permitido && <LockOutlined style={{ marginRight: 6 }} />}
          {item.titulo}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {item.descricao}
        </Typography.Text>
        <Flex gap={4} wrap>
          <Tooltip title={item.nomePermissao}>
            <Tag bordered={false}>Permissão {item.permissao}</Tag>
          </Tooltip>
          {!item.permitido && (
            <Tag color="warning" bordered={false}>
              Sem permissão
            </Tag>
          )}
          {item.emConstrucao && <Tag bordered={false}>Em construção</Tag>}
        </Flex>
      </Flex>
      {item.permitido && <RightOutlined style={{ color: token.colorTextTertiary }} />}
    </Flex>
  );
  return (
    <List.Item
      data-testid={`relatorio-${item.rota}`}
      aria-disabled={!item.permitido}
      style={{ paddingInline: 12 }}
    >
      {item.permitido ? (
        <Link
          to={`/${item.rota}`}
          aria-label={`Abrir ${item.titulo}`}
          style={{ width: '100%', color: 'inherit' }}
        >
          {conteudo}
        </Link>
      ) : (
        conteudo
      )}
    </List.Item>
  );
}

export function RelatoriosDoSistemaPage() {
  const permissoes = usePermissoes();
  const [busca, setBusca] = useState('');
  const itens = useMemo(() => catalogoRelatorios(permissoes.data), [permissoes.data]);
  const grupos = porGrupo(buscarNoCatalogo(itens, busca));
  const permitidos = itens.filter((i) => i.permitido).length;

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center" wrap justify="space-between">
        <Input.Search
          aria-label="Buscar relatório"
          placeholder="Buscar relatório por nome, assunto ou número da permissão"
          allowClear
          style={{ maxWidth: 520 }}
          value={busca}
          onChange={(e) => setBusca(e.target.value)}
        />
        <Typography.Text type="secondary">
          {permitidos} de {itens.length} relatórios liberados para você
        </Typography.Text>
      </Flex>
      {grupos.length === 0 ? (
        <Empty description="Nenhum relatório encontrado." />
      ) : (
        <Row gutter={[16, 16]}>
          {grupos.map(([grupo, lista]) => (
            <Col key={grupo} xs={24} xl={12} role="region" aria-label={`Relatórios de ${grupo}`}>
              <Card
                size="small"
                title={grupo}
                extra={<Typography.Text type="secondary">{lista.length}</Typography.Text>}
                styles={{ body: { padding: 0 } }}
              >
                <List dataSource={lista} renderItem={(item) => <Item item={item} />} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
