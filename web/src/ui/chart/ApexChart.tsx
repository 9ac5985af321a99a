// ApexCharts' React wrapper with only the chart types the app draws, loaded on a chart's first render.
import ReactApexChart from 'react-apexcharts/core';
// Each import registers its types with ApexCharts' core: line and area, bar and column, pie and donut, legends.
import 'apexcharts/line';
import 'apexcharts/bar';
import 'apexcharts/pie';
import 'apexcharts/features/legend';

export default ReactApexChart;
