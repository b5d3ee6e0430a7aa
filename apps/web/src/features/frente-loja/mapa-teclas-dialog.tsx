import { Button, Modal, Typography, theme } from 'antd';
import { MAPA_TECLAS } from './atalhos-teclado.ts';

/** F1 on the sale screen: every key of the till, by where it works. */
export function MapaTeclasDialog({ aberto, aoFechar }: { aberto: boolean; aoFechar: () => void }) {
  const { token } = theme.useToken();
  const tecla = {
    display: 'inline-block',
    minWidth: 28,
    padding: '1px 8px',
    borderStyle: 'solid',
    borderColor: token.colorBorder,
    borderWidth: '1px 1px 3px',
    borderRadius: token.borderRadiusSM,
    background: token.colorFillQuaternary,
    fontFamily: token.fontFamilyCode,
    fontSize: 13,
    whiteSpace: 'nowrap' as const,
  };
  return (
    <Modal
      open={aberto}
      title="Mapa de teclas"
      width={980}
      style={{ top: 16 }}
      onCancel={aoFechar}
      destroyOnHidden
      footer={
        <Button size="large" type="primary" onClick={aoFechar} autoFocus>
          Fechar (Esc)
        </Button>
      }
    >
      <div
        data-testid="mapa-teclas"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
          gap: 16,
          fontSize: 13,
        }}
      >
        {MAPA_TECLAS.map((g) => (
          <section key={g.titulo} aria-label={g.titulo}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {g.titulo}
            </Typography.Title>
            <table style={{ borderCollapse: 'collapse', width: '100%' }}>
              <tbody>
                {g.teclas.map((t) => (
                  <tr key={t.tecla} style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
                    <td style={{ padding: '2px 8px 2px 0', verticalAlign: 'top', width: 1 }}>
                      <kbd style={tecla}>{t.tecla}</kbd>
                    </td>
                    <td style={{ padding: '2px 0' }}>{t.acao}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </Modal>
  );
}
