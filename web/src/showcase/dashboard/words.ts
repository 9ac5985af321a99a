// The e-commerce dashboard's words in English and French (added when the dashboard loads: showcase/index.ts).

const en = {
  ecommerceDashboard: {
    intro:
      "The sample shops' sales over the chosen period, each figure compared with the period of the same length just before it.",
    period: {
      label: 'Period',
      days7: '7 days',
      days30: '30 days',
      days90: '90 days',
      months12: '12 months',
    },
    kpi: {
      revenue: 'Revenue',
      orders: 'Orders',
      aov: 'Average order value',
      newCustomers: 'New customers',
      vsPrevious: 'vs previous period',
      noPrevious: 'Nothing in the previous period to compare with',
    },
    revenue: { title: 'Revenue over time', series: 'Revenue', day: 'Day', month: 'Month' },
    status: { title: 'Orders by status', series: 'Orders', category: 'Status' },
    topProducts: { title: 'Top products by revenue', series: 'Revenue', category: 'Product' },
    recent: {
      title: 'Recent orders',
      caption: 'The last ten orders placed in the period, newest first',
      order: 'Order',
      customer: 'Customer',
      placedAt: 'Placed',
      status: 'Status',
      total: 'Total',
      deletedCustomer: 'Deleted customer',
      empty: 'No order was placed in this period',
    },
  },
};

const fr: typeof en = {
  ecommerceDashboard: {
    intro:
      'Les ventes des boutiques de démonstration sur la période choisie, chaque chiffre comparé à celui de la période de même durée qui la précède.',
    period: {
      label: 'Période',
      days7: '7 jours',
      days30: '30 jours',
      days90: '90 jours',
      months12: '12 mois',
    },
    kpi: {
      revenue: 'Chiffre d’affaires',
      orders: 'Commandes',
      aov: 'Panier moyen',
      newCustomers: 'Nouveaux clients',
      vsPrevious: 'par rapport à la période précédente',
      noPrevious: 'Rien à comparer dans la période précédente',
    },
    revenue: { title: 'Chiffre d’affaires dans le temps', series: 'Chiffre d’affaires', day: 'Jour', month: 'Mois' },
    status: { title: 'Commandes par statut', series: 'Commandes', category: 'Statut' },
    topProducts: {
      title: 'Meilleurs produits par chiffre d’affaires',
      series: 'Chiffre d’affaires',
      category: 'Produit',
    },
    recent: {
      title: 'Commandes récentes',
      caption: 'Les dix dernières commandes passées dans la période, les plus récentes en premier',
      order: 'Commande',
      customer: 'Client',
      placedAt: 'Passée le',
      status: 'Statut',
      total: 'Total',
      deletedCustomer: 'Client supprimé',
      empty: 'Aucune commande n’a été passée dans cette période',
    },
  },
};

/** The dashboard's words by language. */
export default { en, fr };
