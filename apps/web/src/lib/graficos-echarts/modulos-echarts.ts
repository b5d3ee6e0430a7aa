import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// The only part of echarts the app ships, loaded on demand by carregar-echarts.ts (never by the login page):
// the core, the four chart types the dashboards draw and the components they need. SVG, not canvas: text stays
// crisp at any zoom and in screenshots, and the charts are small (tens of points).
use([
  BarChart,
  LineChart,
  HeatmapChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  VisualMapComponent,
  SVGRenderer,
]);

export { init };
