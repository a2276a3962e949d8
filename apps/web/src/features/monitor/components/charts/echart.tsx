// the one ECharts wrapper lives in components/ (monitor and statistics draw with it)
export { EChart, type EChartsCoreOption } from '../../../../components/echart';
