import { LockOutlined } from '@ant-design/icons';
import {
  lerPermissaoNegada,
  type PermissaoNegada,
  textoPermissaoFaltante,
  textoQuemConcede,
} from '@retaguarda/domain/catalogos/permissao-negada';
import { Button, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ErroApi } from '../../lib/api/cliente.ts';
import { useSessao } from '../../lib/session/sessao.ts';

// What a staff member sees on a screen their profile does not open: the missing permission (id and name of
// the catalogue) and who grants it, in place of an empty board or a bare 'sem permissão'.

/** The refused permission carried by a failed call (`data.permissaoNegada`), if that was the failure. */
export function permissaoNegadaDe(erro: unknown): PermissaoNegada | null {
  return erro instanceof ErroApi ? lerPermissaoNegada(erro.dados) : null;
}

export function PermissaoNegadaAviso({
  negada,
  tela,
  extra,
}: {
  negada: PermissaoNegada;
  /** The screen refused, e.g. 'a Expedição'. */
  tela: string;
  extra?: ReactNode;
}) {
  const usuario = useSessao((s) => s.usuario?.usuario.nome);
  const empresa = useSessao((s) => s.empresa?.descricao);
  return (
    <Result
      icon={<LockOutlined />}
      status="warning"
      data-testid="permissao-negada"
      title={`Sem permissão para abrir ${tela}`}
      subTitle={
        <>
          <Typography.Paragraph
            strong
            style={{ fontSize: 16, marginBottom: 8 }}
            data-testid="permissao-faltante"
          >
            {textoPermissaoFaltante(negada)}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ fontSize: 16, marginBottom: 8 }} data-testid="quem-concede">
            {textoQuemConcede(negada)}
          </Typography.Paragraph>
          {usuario && (
            <Typography.Text type="secondary">
              Usuário: {usuario}
              {empresa ? ` · Empresa: ${empresa}` : ''}
            </Typography.Text>
          )}
        </>
      }
      extra={
        extra === undefined ? (
          <Button size="large" href="#/">
            Voltar ao início
          </Button>
        ) : (
          extra
        )
      }
    />
  );
}
