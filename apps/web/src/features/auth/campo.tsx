import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * Label + control + error of the login page. The login page skips antd Form (with its validator
 * and grid it would push the login bundle past the 250 KB budget); the other pages use Form.
 */
export function Campo({
  id,
  rotulo,
  erro,
  children,
}: {
  id: string;
  rotulo: string;
  erro?: string | null;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: token.marginMD }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: token.marginXXS, color: token.colorText }}>
        {rotulo}
      </label>
      {children}
      {erro && (
        <div
          id={`${id}-erro`}
          role="alert"
          style={{ color: token.colorErrorText, marginTop: token.marginXXS }}
        >
          {erro}
        </div>
      )}
    </div>
  );
}

/** aria props for the control of a Campo. */
export function ariaCampo(id: string, erro?: string | null) {
  return erro ? { 'aria-invalid': true, 'aria-describedby': `${id}-erro` } : {};
}
