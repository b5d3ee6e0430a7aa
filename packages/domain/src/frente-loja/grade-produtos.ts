import { z } from 'zod';

// The product grid of the POS on phones and tablets (issue 13, a waiter at the table): products by
// category with their picture. Shapes of getListaProdutoGeralEmpresa's extra fields, declared once for
// the server that answers them and the web that reads them.

/** A category (agrupador of tipo 'categoria') offered as a tab of the grid. */
export const categoriaGradeSchema = z.object({ _id: z.string(), descricao: z.string() });
export type CategoriaGrade = z.infer<typeof categoriaGradeSchema>;

/** What a product adds to the POS list for the grid. */
export const produtoGradeSchema = z.object({
  categorias: z.array(z.string()).default([]),
  /** Address of the picture the grid shows, null when the registration has none. */
  imagem: z.string().nullable().default(null),
});
export type ProdutoGrade = z.infer<typeof produtoGradeSchema>;

const imagemCadastroSchema = z.object({
  url: z.string().min(1),
  thumbnails: z
    .array(
      z.object({ largura: z.number().nullable().optional(), altura: z.number(), url: z.string().min(1) }),
    )
    .optional(),
});

/** Grid cells are ~110-180 px wide: the smallest thumbnail of at least this height is enough. */
const ALTURA_GRADE = 200;

/**
 * The picture of a product for the grid from its registration (`imagens`, uploaded with thumbnails): the first
 * image's smallest thumbnail that is still sharp in a cell (else its largest, else the image itself); null
 * when it has none or the field is not the uploader's shape.
 */
export function imagemDaGrade(imagens: unknown): string | null {
  if (!Array.isArray(imagens)) return null;
  for (const bruta of imagens) {
    const r = imagemCadastroSchema.safeParse(bruta);
    if (!r.success) continue;
    const miniaturas = [...(r.data.thumbnails ?? [])].sort((a, b) => a.altura - b.altura);
    const nitida = miniaturas.find((t) => t.altura >= ALTURA_GRADE) ?? miniaturas[miniaturas.length - 1];
    return nitida?.url ?? r.data.url;
  }
  return null;
}
