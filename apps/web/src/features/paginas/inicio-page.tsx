import { SafetyCertificateOutlined } from '@ant-design/icons';
import { permissoesDoRecurso } from '@retaguarda/domain/catalogos/permissoes';
import { Button, Card, Descriptions, Flex, Typography } from 'antd';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { PERMISSAO_LISTAR_EMPRESAS } from '../auth/api.ts';
import { HojeNasLojas } from '../dashboard/hoje-nas-lojas.tsx';
import { usePermissoes } from '../layout/main-layout.tsx';
import { useLiberacaoSupervisor } from '../liberacao/liberacao-supervisor.tsx';
import { TelasEquipe } from '../permissoes/telas-equipe.tsx';

/** The test button is for whoever may open the access-profile screen (administrators). */
const PERMISSAO_ADMINISTRATIVA = permissoesDoRecurso('acessoSistema').acessar;
/** The permission the release test asks for: listing the user's companies (spec section 6). */
const PERMISSAO_TESTE_LIBERACAO = PERMISSAO_LISTAR_EMPRESAS;
/** Today's sales figures are for who may open a sales dashboard (issue 19). */
const PERMISSAO_DASHBOARD = permissoesDoRecurso('dashboardDefault').acessar;
const PERMISSAO_DASHBOARD2 = permissoesDoRecurso('dashboardDefault2').acessar;

export function InicioPage() {
  const usuario = useSessao((s) => s.usuario);
  const grupo = useSessao((s) => s.grupoEmpresarial);
  const empresa = useSessao((s) => s.empresa);
  const permissoes = usePermissoes();
  const { liberar } = useLiberacaoSupervisor();
  const verVendas = Boolean(
    permissoes.data?.has(PERMISSAO_DASHBOARD) || permissoes.data?.has(PERMISSAO_DASHBOARD2),
  );

  async function testarLiberacao() {
    const resultado = await liberar({
      permissao: PERMISSAO_TESTE_LIBERACAO,
      senhaObrigatoria: true,
      mostrarMotivo: true,
    });
    if (resultado) {
      notificar({ tipo: 'success', mensagem: `Liberado por ${resultado.supervisor.nome}` });
    }
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: verVendas ? 960 : 720 }}>
      <Card>
        <Typography.Paragraph style={{ fontSize: 16 }}>Olá, {usuario?.usuario.nome}.</Typography.Paragraph>
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Grupo Empresarial">{grupo?.descricao}</Descriptions.Item>
          <Descriptions.Item label="Empresa">{empresa?.descricao || empresa?.nomeFantasia}</Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Use o menu para abrir as telas do sistema.
        </Typography.Paragraph>
      </Card>
      {verVendas && <HojeNasLojas comLink={permissoes.data?.has(PERMISSAO_DASHBOARD) ?? false} />}
      <TelasEquipe permissoes={permissoes.data} />
      {permissoes.data?.has(PERMISSAO_ADMINISTRATIVA) && (
        <Card title="Ferramentas do administrador" size="small">
          <Button
            icon={<SafetyCertificateOutlined />}
            onClick={testarLiberacao}
            data-testid="testar-liberacao"
          >
            Testar liberação
          </Button>
        </Card>
      )}
    </Flex>
  );
}
