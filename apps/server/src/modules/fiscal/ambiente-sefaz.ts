// Issue 15 points 3, 10 and 11: where a store's notes go (a production store never reaches the local
// simulator), the contingency justification in words a tax auditor reads, the software's responsible
// technician (infRespTec) as a deployment setting, and the companies' CSC as the simulator needs them.
import { cnpjValido } from '@retaguarda/domain/validadores/documentos';
import { type ConsultaCsc, dataHoraLegivel, type TipoAmbiente } from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import type { DestinoSefaz, ResponsavelTecnicoConfig } from './fiscal.service.ts';

/** A SEFAZ_URL on this machine is a simulator (or a tunnel to one): never a production authoriser. */
export function enderecoLocal(url: string): boolean {
  try {
    const h = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return h === 'localhost' || h === '::1' || h.startsWith('127.') || h.endsWith('.localhost');
  } catch {
    return false;
  }
}

/**
 * The destination of one store's notes. Homologação (2) uses the deployment's (real SEFAZ, SEFAZ_URL or the
 * local simulator); produção (1) never goes to a simulator, whatever the environment variables say: a
 * simulator destination (started here, set by tests, or a SEFAZ_URL on this machine) is replaced by the UF's
 * own web services, trusted with the SEFAZ_CA bundle (`caReal`).
 */
export function destinoDoAmbiente(
  geral: DestinoSefaz,
  tpAmb: TipoAmbiente,
  caReal: () => string[] | undefined,
): DestinoSefaz {
  if (tpAmb !== 1) return geral;
  if (!geral.simulador && !(geral.url && enderecoLocal(geral.url))) return geral;
  const ca = caReal();
  return {
    simulador: false,
    ...(geral.timeoutMs !== undefined ? { timeoutMs: geral.timeoutMs } : {}),
    ...(ca ? { ca } : {}),
  };
}

/**
 * Justificativa (xJust) of an offline NFC-e issued because SEFAZ did not answer: the fact and the store's local
 * time, never a socket error ("SEFAZ indisponível em 25/11/2026 às 19:22 ...").
 */
export function justificativaContingencia(desde: Date, fuso: string): string {
  const t = dataHoraLegivel(desde, fuso);
  return `SEFAZ indisponível em ${t.slice(0, 10)} às ${t.slice(11, 16)} para autorização da NFC-e; nota emitida em contingência off-line`;
}

/** Development default of infRespTec (the demo's software house); a deployment sets its own. */
export const RESPONSAVEL_TECNICO_DEMONSTRACAO: ResponsavelTecnicoConfig = {
  CNPJ: '11444777000161',
  xContato: 'Suporte Retaguarda (demonstração)',
  email: 'suporte@retaguarda.exemplo.com.br',
  fone: '4133334444',
};

export const MENSAGEM_RESPONSAVEL_INVALIDO =
  'Responsável técnico do software inválido: RESPONSAVEL_TECNICO_CNPJ, _CONTATO, _EMAIL e _FONE (CNPJ com dígitos corretos, e-mail e telefone com 6 a 14 dígitos).';

/**
 * The software's responsible technician (MOC grupo ZD, NT 2018.005), from the deployment: RESPONSAVEL_TECNICO_CNPJ,
 * _CONTATO, _EMAIL and _FONE. Without them: the demo's outside production, none in production (SEFAZ then refuses
 * with 972, so the deployment must set them). A store's own record still takes precedence.
 */
export function responsavelTecnicoPadrao(env: NodeJS.ProcessEnv): ResponsavelTecnicoConfig | null {
  const cnpj = env.RESPONSAVEL_TECNICO_CNPJ?.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (!cnpj) return env.NODE_ENV === 'production' ? null : RESPONSAVEL_TECNICO_DEMONSTRACAO;
  const r: ResponsavelTecnicoConfig = {
    CNPJ: cnpj,
    xContato: env.RESPONSAVEL_TECNICO_CONTATO?.trim() ?? '',
    email: env.RESPONSAVEL_TECNICO_EMAIL?.trim() ?? '',
    fone: env.RESPONSAVEL_TECNICO_FONE?.replace(/\D/g, '') ?? '',
  };
  if (
    !cnpjValido(r.CNPJ) ||
    r.xContato.length < 2 ||
    !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(r.email) ||
    r.fone.length < 6 ||
    r.fone.length > 14
  ) {
    throw new ErroNegocio(MENSAGEM_RESPONSAVEL_INVALIDO);
  }
  return r;
}

/**
 * The CSC the companies registered, for the simulator's QR v2 check (what SEFAZ keeps per CNPJ): every store
 * with that CNPJ whose CSC id is `idToken`. A token that does not decrypt counts as not registered.
 */
export function consultaCscDoBanco(
  db: Db,
  decifrar: (cifrado: string, contexto: string) => string,
): ConsultaCsc {
  return async (cnpj, idToken) => {
    const linhas = await consultar(
      db,
      sql`select e.id, f.csc_id, f.csc_token_cifrado from empresa e join fiscal_empresa f on f.empresa_id = e.id
          where upper(regexp_replace(coalesce(e.cnpj, ''), '[^0-9A-Za-z]', '', 'g')) = ${cnpj}
            and f.csc_token_cifrado is not null`,
    );
    for (const l of linhas) {
      if (String(Number.parseInt(String(l.csc_id ?? ''), 10)) !== idToken) continue;
      try {
        return decifrar(l.csc_token_cifrado as string, `csc:${l.id as string}`);
      } catch {}
    }
    return undefined;
  };
}
