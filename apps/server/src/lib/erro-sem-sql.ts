// Issue 14 point 3: a database error carries the statement and its parameters (drizzle's "Failed query: ...
// params: ...", the driver's `query`, `detail` with the key's values). Neither reaches a client nor a log:
// both get the error's class, its SQLSTATE and the names of the constraint/table/column, never values.

const SQLSTATE = /^[0-9A-Z]{5}$/;

type ErroQualquer = Record<string, unknown>;

const cadeia = (erro: unknown): ErroQualquer[] => {
  const lista: ErroQualquer[] = [];
  let atual: unknown = erro;
  for (let i = 0; i < 5 && typeof atual === 'object' && atual !== null; i++) {
    lista.push(atual as ErroQualquer);
    atual = (atual as ErroQualquer).cause;
  }
  return lista;
};

/** True for an error raised by the database or its driver (anywhere in the `cause` chain). */
export function ehErroDeBanco(erro: unknown): boolean {
  return cadeia(erro).some(
    (e) =>
      (typeof e.code === 'string' && SQLSTATE.test(e.code) && ('severity' in e || 'routine' in e)) ||
      'query' in e ||
      (typeof e.message === 'string' && e.message.startsWith('Failed query:')),
  );
}

/** What a database error may tell: SQLSTATE and object names. */
function resumoDeBanco(erro: unknown): {
  codigo?: string;
  restricao?: string;
  tabela?: string;
  coluna?: string;
} {
  const r: { codigo?: string; restricao?: string; tabela?: string; coluna?: string } = {};
  for (const e of cadeia(erro)) {
    if (!r.codigo && typeof e.code === 'string' && SQLSTATE.test(e.code)) r.codigo = e.code;
    if (!r.restricao && typeof e.constraint === 'string') r.restricao = e.constraint;
    if (!r.tabela && typeof e.table === 'string') r.tabela = e.table;
    if (!r.coluna && typeof e.column === 'string') r.coluna = e.column;
  }
  return r;
}

/** The message of an error as a user may read it: a database error becomes a plain pt-BR sentence. */
export function mensagemSegura(erro: unknown): string {
  if (ehErroDeBanco(erro)) {
    const { codigo } = resumoDeBanco(erro);
    return `erro no banco de dados${codigo ? ` (código ${codigo})` : ''}`;
  }
  return erro instanceof Error ? erro.message : String(erro);
}

/** The pino `err` serializer: a database error without its statement, parameters or values. */
export function erroParaLog(erro: unknown): {
  [k: string]: unknown;
  type: string;
  message: string;
  stack: string;
} {
  if (!ehErroDeBanco(erro)) {
    if (!(erro instanceof Error)) return { type: typeof erro, message: String(erro), stack: '' };
    const { message, stack = '', ...resto } = erro;
    return { ...resto, type: erro.constructor.name, message, stack };
  }
  const classe = erro instanceof Error ? erro.constructor.name : 'Error';
  const mensagem = `Erro do banco de dados ${JSON.stringify(resumoDeBanco(erro))} (consulta e parâmetros omitidos)`;
  // The stack's first line repeats the message (the SQL): keep only the frames.
  const quadros =
    erro instanceof Error && erro.stack
      ? erro.stack
          .split('\n')
          .filter((l) => /^\s+at /.test(l))
          .join('\n')
      : '';
  return {
    type: classe,
    message: mensagem,
    ...resumoDeBanco(erro),
    stack: `${classe}: ${mensagem}\n${quadros}`,
  };
}
