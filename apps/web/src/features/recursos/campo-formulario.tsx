import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type Campo, type CampoJson, itensDoGrupo, rotuloDoCodigo } from '@retaguarda/domain';
import {
  AutoComplete,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { SeletorReferencia } from './seletor-referencia.tsx';

// One field of the generic form, chosen by its kind; json blocks with sub-fields become sub-forms (a list
// of records when the definition says `lista`). Errors come from validarRecurso keyed by dotted paths.

export type Valores = Record<string, unknown>;

export interface PropsCampo {
  caminho: string;
  campo: Campo;
  valor: unknown;
  onChange: (valor: unknown) => void;
  erros: Record<string, string>;
  somenteLeitura?: boolean;
  /** Extra content after the input (e.g. the CEP lookup button). */
  extra?: (caminho: string) => ReactNode;
  /** All values of the form (an editor may read other fields, e.g. the company location). */
  raiz?: Valores;
  /** Replaces the editor of a json block marked `editor` (screen overrides). */
  editores?: Record<string, (p: PropsCampo) => ReactNode>;
}

const idDoCampo = (caminho: string) => `campo-${caminho.replace(/\./g, '-')}`;

/** Width of a field in the 24-column grid. */
export function largura(campo: Campo): number {
  // A value shown to be read and copied (the group's code): its whole label on one line.
  if (campo.somenteLeitura) return 12;
  if (campo.tipo === 'json' || (campo.tipo === 'texto' && campo.longo)) return 24;
  if (campo.tipo === 'booleano') return 6;
  if (campo.tipo === 'refs' || (campo.tipo === 'catalogo' && campo.multiplo)) return 12;
  if (campo.tipo === 'texto' && (campo.max ?? 100) <= 10) return 6;
  if (campo.tipo === 'inteiro' || campo.tipo === 'decimal' || campo.tipo === 'data') return 6;
  return 12;
}

function comoTexto(valor: unknown): string {
  return valor === undefined || valor === null ? '' : String(valor);
}

function Entrada(p: PropsCampo): ReactNode {
  const { campo, valor, onChange, caminho, somenteLeitura } = p;
  const id = idDoCampo(caminho);
  const status = p.erros[caminho] ? ('error' as const) : undefined;
  // The server's value (a code given at creation): shown to be read and copied, never edited nor sent.
  if (campo.somenteLeitura && (campo.tipo === 'texto' || campo.tipo === 'inteiro'))
    return <Input id={id} readOnly variant="filled" value={comoTexto(valor)} />;
  switch (campo.tipo) {
    case 'texto':
      // Codes of a catalogue offered while typing (the validator decides what else is accepted).
      if (campo.sugestoes)
        return (
          <AutoComplete
            id={id}
            allowClear
            status={status}
            disabled={somenteLeitura}
            value={comoTexto(valor)}
            popupMatchSelectWidth={false}
            options={(itensDoGrupo(campo.sugestoes) ?? []).map((i) => ({
              value: String(i.id),
              label: `${i.id} - ${i.descricao}`,
            }))}
            filterOption={(texto, opcao) =>
              String(opcao?.label ?? '')
                .toLowerCase()
                .includes(texto.toLowerCase())
            }
            onChange={(v: string | undefined) => onChange(v ?? null)}
          />
        );
      if (campo.opcoes)
        return (
          <Select
            id={id}
            allowClear
            status={status}
            disabled={somenteLeitura}
            value={comoTexto(valor) || null}
            options={campo.opcoes.map((o) => ({ value: o, label: rotuloDoCodigo(o) }))}
            onChange={(v: string | undefined) => onChange(v ?? null)}
          />
        );
      if (campo.longo)
        return (
          <Input.TextArea
            id={id}
            rows={3}
            status={status}
            disabled={somenteLeitura}
            value={comoTexto(valor)}
            onChange={(e) => onChange(e.target.value)}
          />
        );
      return (
        <Input
          id={id}
          status={status}
          disabled={somenteLeitura}
          value={comoTexto(valor)}
          autoComplete="off"
          type={campo.privado ? 'password' : 'text'}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'inteiro':
    case 'decimal':
      if (campo.tipo === 'inteiro' && campo.catalogoId) {
        return (
          <Select
            id={id}
            allowClear
            status={status}
            disabled={somenteLeitura}
            value={typeof valor === 'number' ? valor : valor ? Number(valor) : null}
            options={(itensDoGrupo(campo.catalogoId) ?? []).map((i) => ({
              value: i.id,
              label: `${i.sigla && i.sigla !== String(i.id) ? '' : `${i.id} - `}${rotuloDoCodigo(i.descricao)}`,
            }))}
            onChange={(v: number | undefined) => onChange(v ?? null)}
          />
        );
      }
      return (
        <Input
          id={id}
          inputMode="decimal"
          status={status}
          disabled={somenteLeitura}
          // stored with a dot, shown with the comma the user typed ('12,5', never '12.5')
          value={campo.tipo === 'decimal' ? comoTexto(valor).replace('.', ',') : comoTexto(valor)}
          onChange={(e) => onChange(e.target.value.replace(',', '.'))}
        />
      );
    case 'booleano':
      return (
        <Switch
          id={id}
          disabled={somenteLeitura}
          checked={valor === true}
          onChange={(v) => onChange(v)}
          checkedChildren="Sim"
          unCheckedChildren="Não"
        />
      );
    case 'data':
      return (
        <DatePicker
          id={id}
          status={status}
          disabled={somenteLeitura}
          format="DD/MM/YYYY"
          style={{ width: '100%' }}
          value={typeof valor === 'string' && valor ? dayjs(valor.slice(0, 10)) : null}
          onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : null)}
        />
      );
    case 'ref':
    case 'refs':
      return (
        <SeletorReferencia
          id={id}
          tabela={campo.tabela}
          multiplo={campo.tipo === 'refs'}
          status={status}
          desabilitado={somenteLeitura}
          valor={idsDe(valor)}
          onChange={onChange}
        />
      );
    case 'catalogo': {
      const itens = itensDoGrupo(campo.catalogo) ?? [];
      const idDe = (v: unknown) => (v && typeof v === 'object' ? (v as { id?: unknown }).id : v);
      const atual = campo.multiplo ? (Array.isArray(valor) ? valor.map(idDe) : []) : (idDe(valor) ?? null);
      return (
        <Select
          id={id}
          mode={campo.multiplo ? 'multiple' : undefined}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          status={status}
          disabled={somenteLeitura}
          value={atual as never}
          options={itens.map((i) => ({ value: i.id, label: rotuloDoCodigo(i.descricao) }))}
          onChange={(v: unknown) => {
            if (v === undefined || v === null) onChange(null);
            else if (Array.isArray(v)) onChange(v.map((x) => ({ id: x })));
            else onChange({ id: v });
          }}
        />
      );
    }
    case 'json':
      return <BlocoJson {...p} campo={campo} />;
  }
}

/** A populated reference comes back as the row; the form keeps only ids. */
function idsDe(valor: unknown): string | string[] | null {
  const id = (v: unknown) =>
    v && typeof v === 'object' ? String((v as { _id?: unknown })._id ?? '') : String(v);
  if (Array.isArray(valor)) return valor.map(id);
  return valor === undefined || valor === null || valor === '' ? null : id(valor);
}

function novoRegistro(subcampos: Readonly<Record<string, Campo>>): Valores {
  const r: Valores = {};
  for (const [n, c] of Object.entries(subcampos)) {
    if (c.tipo === 'booleano') r[n] = c.padrao ?? false;
    if (c.tipo === 'texto' && c.padrao !== undefined) r[n] = c.padrao;
  }
  return r;
}

const vazio = (v: unknown) => v === undefined || v === null || v === '' || v === false;

/** The defaults of a record are proposed when the user starts filling an empty one (an empty block stays empty). */
export function comPadroes(subcampos: Readonly<Record<string, Campo>>, registro: Valores): Valores {
  if (!Object.values(registro).every(vazio)) return registro;
  const padroes: Valores = {};
  for (const [n, c] of Object.entries(subcampos)) {
    if (c.tipo === 'texto' && c.padrao !== undefined) padroes[n] = c.padrao;
  }
  return { ...padroes, ...registro };
}

function SubFormulario(
  p: PropsCampo & {
    subcampos: Readonly<Record<string, Campo>>;
    registro: Valores;
    mudar: (r: Valores) => void;
  },
) {
  return (
    <Row gutter={12}>
      {Object.entries(p.subcampos).map(([nome, campo]) => (
        <Col key={nome} span={largura(campo)}>
          <CampoFormulario
            caminho={`${p.caminho}.${nome}`}
            campo={campo}
            valor={p.registro[nome]}
            erros={p.erros}
            somenteLeitura={p.somenteLeitura}
            extra={p.extra}
            raiz={p.raiz}
            editores={p.editores}
            onChange={(v) => p.mudar({ ...comPadroes(p.subcampos, p.registro), [nome]: v })}
          />
        </Col>
      ))}
    </Row>
  );
}

function BlocoJson(p: PropsCampo & { campo: CampoJson }) {
  const { campo, valor, onChange, caminho } = p;
  if (campo.opcoes) {
    return (
      <Checkbox.Group
        disabled={p.somenteLeitura}
        value={Array.isArray(valor) ? (valor as string[]) : []}
        options={campo.opcoes.map((o) => ({ value: o, label: rotuloDoCodigo(o) }))}
        onChange={(v) => onChange(v)}
      />
    );
  }
  const subcampos = campo.subcampos;
  if (!subcampos) return <JsonLivre {...p} />;
  if (!campo.lista) {
    const registro = valor && typeof valor === 'object' && !Array.isArray(valor) ? (valor as Valores) : {};
    return (
      <Card size="small">
        <SubFormulario {...p} subcampos={subcampos} registro={registro} mudar={onChange} />
      </Card>
    );
  }
  const itens = Array.isArray(valor) ? (valor as Valores[]) : [];
  return (
    <Flex vertical gap={8}>
      {itens.map((registro, i) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: records of a block have no id; the position is their key.
          key={i}
          size="small"
          title={`${campo.rotulo} ${i + 1}`}
          extra={
            !p.somenteLeitura && (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remover ${campo.rotulo} ${i + 1}`}
                onClick={() => onChange(itens.filter((_, j) => j !== i))}
              />
            )
          }
        >
          <SubFormulario
            {...p}
            caminho={`${caminho}.${i}`}
            subcampos={subcampos}
            registro={registro}
            mudar={(r) => onChange(itens.map((x, j) => (j === i ? r : x)))}
          />
        </Card>
      ))}
      {!p.somenteLeitura && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => onChange([...itens, novoRegistro(subcampos)])}
          style={{ alignSelf: 'flex-start' }}
        >
          Adicionar {campo.rotulo}
        </Button>
      )}
    </Flex>
  );
}

/** A block without a declared shape: edited as JSON text, parsed when it is valid. */
function JsonLivre(p: PropsCampo) {
  const texto = p.valor === undefined || p.valor === null ? '' : JSON.stringify(p.valor, null, 2);
  return (
    <Input.TextArea
      id={idDoCampo(p.caminho)}
      rows={4}
      disabled={p.somenteLeitura}
      defaultValue={texto}
      style={{ fontFamily: 'monospace' }}
      onBlur={(e) => {
        const t = e.target.value.trim();
        if (t === '') return p.onChange(null);
        try {
          p.onChange(JSON.parse(t));
        } catch {
          // Invalid JSON is kept in the box until fixed; the stored value does not change.
        }
      }}
    />
  );
}

export function CampoFormulario(p: PropsCampo) {
  const { campo, caminho } = p;
  const editor = campo.tipo === 'json' && campo.editor ? p.editores?.[campo.editor] : undefined;
  if (campo.tipo === 'json' && campo.editor && !editor) return null;
  const erro = p.erros[caminho];
  const bloco = campo.tipo === 'json' && (campo.subcampos || campo.editor);
  const conteudo = editor ? editor(p) : <Entrada {...p} />;
  if (bloco) {
    return (
      <Form.Item
        label={<Typography.Text strong>{campo.rotulo}</Typography.Text>}
        validateStatus={erro ? 'error' : undefined}
        help={erro}
        style={{ marginBottom: 12 }}
      >
        <fieldset aria-label={campo.rotulo} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          {conteudo}
        </fieldset>
      </Form.Item>
    );
  }
  return (
    <Form.Item
      label={campo.rotulo}
      htmlFor={idDoCampo(caminho)}
      required={campo.obrigatorio}
      validateStatus={erro ? 'error' : undefined}
      help={erro}
      style={{ marginBottom: 12 }}
    >
      <Flex gap={8} align="center">
        <div style={{ flex: 1, minWidth: 0 }}>{conteudo}</div>
        {p.extra?.(caminho)}
      </Flex>
    </Form.Item>
  );
}
