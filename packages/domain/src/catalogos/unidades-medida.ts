import { definirCatalogo, item } from './catalogo.ts';

// Units of measure (spec 2 section 3.2: about 60 codes, UN, KG, LT, CX, M2, PC, TON and others). The
// sigla is the commercial unit written in uCom/uTrib (up to 6 characters); `fracionavel` tells whether a
// quantity may have decimals (weight, volume, length, time).
const u = (id: number, sigla: string, descricao: string, fracionavel = false) => ({
  ...item('unidadeMedida', id, descricao, sigla),
  fracionavel,
});

export const unidadesMedida = definirCatalogo('unidadeMedida', [
  u(1, 'UN', 'Unidade'),
  u(2, 'KG', 'Quilograma', true),
  u(3, 'G', 'Grama', true),
  u(4, 'MG', 'Miligrama', true),
  u(5, 'TON', 'Tonelada', true),
  u(6, 'LT', 'Litro', true),
  u(7, 'ML', 'Mililitro', true),
  u(8, 'M', 'Metro', true),
  u(9, 'CM', 'Centímetro', true),
  u(10, 'MM', 'Milímetro', true),
  u(11, 'M2', 'Metro Quadrado', true),
  u(12, 'M3', 'Metro Cúbico', true),
  u(13, 'CX', 'Caixa'),
  u(14, 'CX2', 'Caixa com 2 Unidades'),
  u(15, 'CX3', 'Caixa com 3 Unidades'),
  u(16, 'CX5', 'Caixa com 5 Unidades'),
  u(17, 'CX10', 'Caixa com 10 Unidades'),
  u(18, 'CX15', 'Caixa com 15 Unidades'),
  u(19, 'CX20', 'Caixa com 20 Unidades'),
  u(20, 'CX25', 'Caixa com 25 Unidades'),
  u(21, 'CX50', 'Caixa com 50 Unidades'),
  u(22, 'CX100', 'Caixa com 100 Unidades'),
  u(23, 'PC', 'Peça'),
  u(24, 'PCT', 'Pacote'),
  u(25, 'DZ', 'Dúzia'),
  u(26, 'FD', 'Fardo'),
  u(27, 'FR', 'Frasco'),
  u(28, 'GF', 'Garrafa'),
  u(29, 'GL', 'Galão'),
  u(30, 'LATA', 'Lata'),
  u(31, 'SC', 'Saco'),
  u(32, 'BD', 'Balde'),
  u(33, 'BL', 'Bloco'),
  u(34, 'BOB', 'Bobina'),
  u(35, 'BJ', 'Bisnaga'),
  u(36, 'CJ', 'Conjunto'),
  u(37, 'CT', 'Cartela'),
  u(38, 'CENTO', 'Cento'),
  u(39, 'DISP', 'Display'),
  u(40, 'EMB', 'Embalagem'),
  u(41, 'FL', 'Folha'),
  u(42, 'JG', 'Jogo'),
  u(43, 'KIT', 'Kit'),
  u(44, 'MILHEI', 'Milheiro'),
  u(45, 'PAR', 'Par'),
  u(46, 'POTE', 'Pote'),
  u(47, 'RL', 'Rolo'),
  u(48, 'RESMA', 'Resma'),
  u(49, 'TB', 'Tubo'),
  u(50, 'VD', 'Vidro'),
  u(51, 'BANDEJ', 'Bandeja'),
  u(52, 'BARRA', 'Barra'),
  u(53, 'AMPOLA', 'Ampola'),
  u(54, 'ARROBA', 'Arroba', true),
  u(55, 'CAPS', 'Cápsula'),
  u(56, 'COPO', 'Copo'),
  u(57, 'PORC', 'Porção'),
  u(58, 'FATIA', 'Fatia'),
  u(59, 'DOSE', 'Dose'),
  u(60, 'KWH', 'Quilowatt Hora', true),
  u(61, 'HR', 'Hora', true),
  u(62, 'DIA', 'Dia'),
  u(63, 'MES', 'Mês'),
  u(64, 'SERV', 'Serviço'),
]);

/** Unit by its sigla ('kg' and 'KG' both find Quilograma). */
export function unidadePorSigla(sigla: string) {
  const procurada = sigla.trim().toUpperCase();
  return unidadesMedida.itens.find((i) => i.sigla === procurada);
}
