/**
 * chart.js with only the parts the dashboards draw (bar and doughnut charts, legend,
 * tooltip), so the rest of the library is tree-shaken away. Imported only through a dynamic
 * `import()` from the chart components: it becomes its own chunk, fetched after hydration on
 * pages that draw a chart and never by any other page. Its registration is a side effect, so
 * package.json lists this file under `sideEffects` (otherwise the bundler may resolve the
 * re-exported `Chart` straight to chart.js and drop the registration).
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from "chart.js";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, DoughnutController, ArcElement, Legend, Tooltip);
// Text in the page's slate-700 (chart.js draws a light grey by default).
Chart.defaults.color = "#334155";

export { Chart };
