// The chart component's own words in English and French (added when a page with a chart loads: Chart.tsx).

const en = {
  chart: {
    empty: 'Nothing to show for this period',
    total: 'Total',
    share: 'Share',
    weekOf: 'Week of {{date}}',
  },
};

const fr: typeof en = {
  chart: {
    empty: 'Rien à afficher pour cette période',
    total: 'Total',
    share: 'Part',
    weekOf: 'Semaine du {{date}}',
  },
};

/** The chart's words by language. */
export default { en, fr };
