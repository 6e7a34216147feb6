// What only the investor's fund screens use, apart from the package's index: the index is what the
// public pages import, and every component it names brings its stylesheet with it (a `.css.ts` file is
// a side effect). Kept here, their styles and code load with the funds' screens alone.

export {
  FundCard,
  type FundCardFees,
  type FundCardProps,
  type FundReturn,
  pastPerformanceWarning,
} from './components/FundCard/FundCard';
export { formatBps, formatNavPerUnit, formatSignedPercent } from './components/FundCard/fundFormat';
export { type ChartPoint, FundChart, type FundChartProps } from './components/FundChart/FundChart';
export { fundRiskWarning, RiskWarning, type RiskWarningProps } from './components/RiskWarning/RiskWarning';
