import { clsx } from 'clsx';
import { type ComponentPropsWithRef, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { media } from '../../theme/breakpoints';
import { Table } from '../Table/Table';
import {
  attribution,
  attributionLink,
  backgroundColor,
  canvas as canvasStyle,
  caption,
  details,
  detailsSummary,
  empty as emptyStyle,
  figure,
  fillColor,
  gridColor,
  lineColor,
  summary as summaryStyle,
  table as tableStyle,
  textColor,
  title as titleStyle,
} from './FundChart.css';

/** One point of a chart: when (an ISO date-time) and the value then. */
export type ChartPoint = { time: string; value: number };

export type FundChartProps = Omit<ComponentPropsWithRef<'figure'>, 'title' | 'children'> & {
  /** What the chart shows, e.g. "NAV per unit"; names the figure and its table. */
  title: string;
  /** The points, oldest first. */
  points: readonly ChartPoint[];
  /** Writes a value for the axis, the table and the crosshair, e.g. "$1.0421" or "−3.20%". */
  formatValue: (value: number) => string;
  /** What the chart says in a sentence or two, for everyone and for screen readers. */
  summary: ReactNode;
  /** The table's value column header. @default the title */
  valueLabel?: string;
  /** The line's colour family: `danger` for a fall (the drawdown). @default 'accent' */
  tone?: 'accent' | 'danger';
  /** The canvas's height in pixels. @default 240 */
  height?: number;
  /** Shown instead of the chart when there are no points. @default 'No figures yet.' */
  emptyText?: ReactNode;
  /** Shows the table of figures open at first. @default false */
  tableOpen?: boolean;
};

const cssVarName = (reference: string) => reference.replace(/^var\(/, '').replace(/\)$/, '');

/** The colours of the current theme, read from the figure's own computed style. */
function themeColours(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (reference: string) => style.getPropertyValue(cssVarName(reference)).trim();
  return {
    line: read(lineColor),
    fill: read(fillColor),
    text: read(textColor),
    grid: read(gridColor),
    background: read(backgroundColor),
    font: style.fontFamily,
  };
}

const utcTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** "Nov 27, 2026, 09:00 UTC": the same wherever the page is read. */
const formatTime = (iso: string) => `${utcTime.format(new Date(iso))} UTC`;

/** The points as the chart takes them: seconds, strictly increasing (a repeated second keeps the last). */
function seriesData(points: readonly ChartPoint[]) {
  const data: { time: number; value: number }[] = [];
  for (const point of points) {
    const time = Math.floor(Date.parse(point.time) / 1000);
    if (!Number.isFinite(time)) continue;
    const last = data.at(-1);
    if (last && last.time >= time) {
      if (last.time === time) last.value = point.value;
      continue;
    }
    data.push({ time, value: point.value });
  }
  return data;
}

/**
 * A line chart of a fund's figure over time, drawn by lightweight-charts. Its code is fetched only
 * when a chart is shown (a dynamic import), so no other page carries it. The canvas is decoration
 * for screen readers: the figure is named by its title, says what it shows in words (`summary`), and
 * holds every point in a table behind "Show the figures as a table". Its colours follow the theme,
 * also when the theme changes while it is shown. `data-chart="ready"` marks a drawn chart.
 */
export function FundChart({
  title,
  points,
  formatValue,
  summary,
  valueLabel,
  tone,
  height = 240,
  emptyText = 'No figures yet.',
  tableOpen = false,
  className,
  ...rest
}: FundChartProps) {
  const titleId = useId();
  const figureRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const format = useRef(formatValue);
  format.current = formatValue;
  const hasPoints = points.length > 0;

  useEffect(() => {
    const figureElement = figureRef.current;
    const container = canvasRef.current;
    if (!figureElement || !container || !hasPoints) return;
    let cleanup = () => {};
    let cancelled = false;
    setReady(false);
    // The canvas measures and draws its labels with the faces loaded at that moment, and never again
    // when one arrives later: the chart waits until every face of the theme's font has loaded (the
    // axis uses its regular and its bold), else a label is measured or drawn in a fallback.
    const family = themeColours(figureElement)
      .font.split(',')[0]
      ?.trim()
      .replace(/^["']|["']$/g, '');
    // The chart draws its labels in the page's font, the time scale's day marks in bold: both weights
    // are loaded before the first draw (a face declared but not yet fetched would draw a fallback).
    const fontLoaded = Promise.all([
      ...[...document.fonts]
        .filter((face) => face.family.replace(/^["']|["']$/g, '') === family)
        .map((face) => face.load()),
      ...(family ? ['400', '700'].map((weight) => document.fonts.load(`${weight} 12px "${family}"`)) : []),
    ])
      .then(() => document.fonts.ready)
      .catch(() => undefined);
    void Promise.all([import('lightweight-charts'), fontLoaded]).then(
      ([{ createChart, AreaSeries, ColorType }]) => {
        if (cancelled) return;
        const colours = () => {
          const theme = themeColours(figureElement);
          return {
            chart: {
              layout: {
                background: { type: ColorType.Solid, color: theme.background },
                textColor: theme.text,
                fontFamily: theme.font,
                // The library's licence asks for a link to TradingView: the line under the chart is it.
                attributionLogo: false,
              },
              grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
              rightPriceScale: { borderColor: theme.grid },
              // One weight for every time label: a bold day mark drawn before the bold face has
              // loaded would be drawn in another face than the next time the chart is drawn.
              timeScale: { borderColor: theme.grid, allowBoldLabels: false },
            },
            series: { lineColor: theme.line, topColor: theme.fill, bottomColor: theme.background },
          };
        };
        const start = colours();
        const chart = createChart(container, {
          ...start.chart,
          autoSize: true,
          height,
          handleScroll: false,
          handleScale: false,
          localization: { priceFormatter: (value: number) => format.current(value) },
          // Every point fits the width, whatever the width becomes (a scrollbar that comes or goes, a
          // phone turned): a resize keeps the time range shown, not the space between points.
          timeScale: {
            ...start.chart.timeScale,
            timeVisible: true,
            fixLeftEdge: true,
            fixRightEdge: true,
            lockVisibleTimeRangeOnResize: true,
          },
        });
        const series = chart.addSeries(AreaSeries, {
          ...start.series,
          lineWidth: 2,
          priceLineVisible: false,
        });
        series.setData(seriesData(points) as Parameters<typeof series.setData>[0]);
        chart.timeScale().fitContent();

        const repaint = () => {
          const next = colours();
          chart.applyOptions(next.chart);
          series.applyOptions(next.series);
        };
        const themeWatch = new MutationObserver(repaint);
        for (const element of [document.documentElement, document.body]) {
          themeWatch.observe(element, { attributes: true, attributeFilter: ['class', 'style'] });
        }
        const scheme = window.matchMedia(media.darkScheme);
        scheme.addEventListener('change', repaint);
        // The library paints on the next frame; the chart is ready once that frame is drawn.
        requestAnimationFrame(() => requestAnimationFrame(() => !cancelled && setReady(true)));
        cleanup = () => {
          themeWatch.disconnect();
          scheme.removeEventListener('change', repaint);
          chart.remove();
        };
      },
    );
    return () => {
      cancelled = true;
      cleanup();
    };
  }, [points, hasPoints, height]);

  return (
    <figure
      ref={figureRef}
      aria-labelledby={titleId}
      data-chart={hasPoints ? (ready ? 'ready' : 'loading') : 'empty'}
      className={clsx(figure({ tone }), className)}
      {...rest}
    >
      <figcaption className={caption}>
        <p id={titleId} className={titleStyle}>
          {title}
        </p>
        <p className={summaryStyle}>{summary}</p>
      </figcaption>
      {hasPoints ? (
        <div className={canvasStyle} style={{ height }} aria-hidden="true">
          <div ref={canvasRef} style={{ height }} />
        </div>
      ) : (
        <p className={clsx(canvasStyle, emptyStyle)} style={{ height }}>
          {emptyText}
        </p>
      )}
      {hasPoints && (
        <details className={details} open={tableOpen || undefined}>
          <summary className={detailsSummary}>Show the figures as a table</summary>
          <Table.Root caption={title} captionHidden className={tableStyle}>
            <Table.Head>
              <Table.Row>
                <Table.ColumnHeader>Time</Table.ColumnHeader>
                <Table.ColumnHeader numeric>{valueLabel ?? title}</Table.ColumnHeader>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {points.map((point) => (
                <Table.Row key={point.time}>
                  <Table.RowHeader>{formatTime(point.time)}</Table.RowHeader>
                  <Table.Cell numeric>{format.current(point.value)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </details>
      )}
      {hasPoints && (
        <p className={attribution}>
          Chart drawn with{' '}
          <a className={attributionLink} href="https://www.tradingview.com/">
            TradingView
          </a>{' '}
          Lightweight Charts.
        </p>
      )}
    </figure>
  );
}
