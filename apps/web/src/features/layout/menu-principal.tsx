import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AREAS, type DefinicaoRota, podeAcessar, ROTAS } from '../../routes/rotas.ts';

type ItemMenu = Required<MenuProps>['items'][number];

/** Main menu grouped by area (spec section 2), without the entries the user cannot access. */
export function MenuPrincipal({
  permissoes,
  atual,
}: {
  permissoes: ReadonlySet<number> | undefined;
  atual: DefinicaoRota | undefined;
}) {
  const itens = useMemo<ItemMenu[]>(() => {
    const inicio: ItemMenu = { key: '', label: <Link to="/">Início</Link> };
    const areas = AREAS.flatMap((area): ItemMenu[] => {
      const rotas = ROTAS.filter((rota) => rota.area === area && podeAcessar(rota, permissoes));
      if (rotas.length === 0) return [];
      return [
        {
          key: `area:${area}`,
          label: area,
          children: rotas.map((rota) => ({
            key: rota.nome,
            label: <Link to={`/${rota.nome}`}>{rota.titulo}</Link>,
          })),
        },
      ];
    });
    return [inicio, ...areas];
  }, [permissoes]);

  // The area of the current route opens also when the route changes by link or address.
  const areaAtual = atual ? `area:${atual.area}` : undefined;
  const [abertas, setAbertas] = useState<string[]>(areaAtual ? [areaAtual] : []);
  useEffect(() => {
    if (areaAtual) setAbertas((atuais) => (atuais.includes(areaAtual) ? atuais : [...atuais, areaAtual]));
  }, [areaAtual]);

  return (
    <Menu
      mode="inline"
      items={itens}
      selectedKeys={[atual?.nome ?? '']}
      openKeys={abertas}
      onOpenChange={setAbertas}
      style={{ borderInlineEnd: 'none' }}
      aria-label="Menu principal"
    />
  );
}
