// The ApexCharts showcase pages' words in English and French (added when a chart page loads: showcase/index.ts).

const en = {
  chartExamples: {
    common: {
      revenue: 'Revenue',
      orders: 'Orders',
      averageOrderValue: 'Average order value',
      day: 'Day',
      week: 'Week',
      month: 'Month',
      status: 'Status',
      product: 'Product',
      category: 'Category',
      province: 'Province',
      otherCategory: 'Products no longer listed',
      unknownProvince: 'Customers no longer listed',
    },
    area: {
      intro:
        'An area chart shows one amount moving over time, its filled surface making the volume easy to read; stacked, it shows how parts make up the whole.',
      daily: {
        title: 'Revenue per day, last 30 days',
        description: "A short period day by day: spot a busy weekend or a day without sales. The dashboard's chart.",
      },
      weekly: {
        title: 'Revenue per week, last 12 months',
        description: 'A long period in weekly steps keeps the trend readable where daily points would be noise.',
      },
      stacked: {
        title: 'Revenue per month by product category',
        description:
          "Stacked areas: each category's band on top of the others, the top edge being the month's total revenue.",
      },
    },
    line: {
      intro:
        'A line chart compares series over the same steps of time, or follows a rate such as an average, where an area would suggest a volume.',
      thisPeriod: 'Last 30 days',
      previousPeriod: 'The 30 days before',
      compare: {
        title: 'Orders per day, against the previous 30 days',
        description: 'Two periods on the same days: is this month busier than the last one, and on which days?',
      },
      aov: {
        title: 'Average order value per month',
        description: 'A rate rather than a sum: revenue per paid order, month by month over a year.',
      },
    },
    column: {
      intro:
        'A column chart compares amounts between steps of time or a few groups; stacked columns split each total into its parts.',
      orders: {
        title: 'Orders per month, last 12 months',
        description: 'Whole months side by side, whatever their status: the current month is counted to date.',
      },
      stacked: {
        title: 'Revenue per month by product category',
        description: "Each month's revenue split by category: compare totals and see which categories carried them.",
      },
    },
    bar: {
      intro:
        'A horizontal bar chart ranks items with long names, such as products or provinces, largest first, each label readable in full.',
      products: {
        title: 'Top products by revenue, last 90 days',
        description: 'The five products that brought in the most money: what to keep in stock and promote.',
      },
      provinces: {
        title: 'Revenue by province, last 12 months',
        description: 'Where the customers who pay live, from their address: where deliveries and marketing matter.',
      },
    },
    pie: {
      intro:
        'A pie or donut chart shows how a whole splits into a few parts; past six or seven parts, a bar chart reads better.',
      status: {
        title: 'Orders by status, last 30 days',
        description: 'Where the orders of the month stand, each status in its own colour: lost sales show at a glance.',
      },
      categories: {
        title: 'Revenue by product category, last 12 months',
        description: "A donut leaves room for the total in its centre: the year's revenue and each category's share.",
      },
    },
  },
};

const fr: typeof en = {
  chartExamples: {
    common: {
      revenue: 'Chiffre d’affaires',
      orders: 'Commandes',
      averageOrderValue: 'Panier moyen',
      day: 'Jour',
      week: 'Semaine',
      month: 'Mois',
      status: 'Statut',
      product: 'Produit',
      category: 'Catégorie',
      province: 'Province',
      otherCategory: 'Produits retirés du catalogue',
      unknownProvince: 'Clients retirés',
    },
    area: {
      intro:
        'Un graphique en aires montre un montant qui évolue dans le temps, sa surface pleine rendant le volume facile à lire\u00a0; empilé, il montre comment les parties forment l’ensemble.',
      daily: {
        title: 'Chiffre d’affaires par jour, 30 derniers jours',
        description:
          'Une courte période jour par jour\u00a0: repérez une fin de semaine chargée ou un jour sans vente. Le graphique du tableau de bord.',
      },
      weekly: {
        title: 'Chiffre d’affaires par semaine, 12 derniers mois',
        description:
          'Une longue période par semaine garde la tendance lisible là où des points quotidiens brouilleraient la lecture.',
      },
      stacked: {
        title: 'Chiffre d’affaires par mois et par catégorie de produits',
        description:
          'Aires empilées\u00a0: la bande de chaque catégorie sur les autres, le bord supérieur donnant le chiffre d’affaires total du mois.',
      },
    },
    line: {
      intro:
        'Un graphique linéaire compare des séries sur les mêmes pas de temps, ou suit un taux comme une moyenne, là où une aire suggérerait un volume.',
      thisPeriod: '30 derniers jours',
      previousPeriod: 'Les 30 jours précédents',
      compare: {
        title: 'Commandes par jour, comparées aux 30 jours précédents',
        description:
          'Deux périodes sur les mêmes jours\u00a0: ce mois-ci est-il plus chargé que le précédent, et quels jours\u00a0?',
      },
      aov: {
        title: 'Panier moyen par mois',
        description:
          'Un taux plutôt qu’une somme\u00a0: le chiffre d’affaires par commande payée, mois par mois sur un an.',
      },
    },
    column: {
      intro:
        'Un graphique à colonnes compare des montants entre des pas de temps ou quelques groupes\u00a0; empilées, les colonnes séparent chaque total en ses parties.',
      orders: {
        title: 'Commandes par mois, 12 derniers mois',
        description:
          'Des mois entiers côte à côte, quel que soit leur statut\u00a0: le mois en cours est compté à ce jour.',
      },
      stacked: {
        title: 'Chiffre d’affaires par mois et par catégorie de produits',
        description:
          'Le chiffre d’affaires de chaque mois réparti par catégorie\u00a0: comparez les totaux et voyez quelles catégories les ont portés.',
      },
    },
    bar: {
      intro:
        'Un graphique à barres horizontales classe des éléments aux noms longs, comme des produits ou des provinces, du plus grand au plus petit, chaque libellé lisible en entier.',
      products: {
        title: 'Meilleurs produits par chiffre d’affaires, 90 derniers jours',
        description: 'Les cinq produits qui ont rapporté le plus\u00a0: ceux à garder en stock et à mettre en avant.',
      },
      provinces: {
        title: 'Chiffre d’affaires par province, 12 derniers mois',
        description:
          'Où vivent les clients qui paient, d’après leur adresse\u00a0: là où la livraison et le marketing comptent.',
      },
    },
    pie: {
      intro:
        'Un graphique circulaire ou en anneau montre comment un tout se répartit en quelques parties\u00a0; au-delà de six ou sept parties, un graphique à barres se lit mieux.',
      status: {
        title: 'Commandes par statut, 30 derniers jours',
        description:
          'Où en sont les commandes du mois, chaque statut dans sa couleur\u00a0: les ventes perdues se voient d’un coup d’œil.',
      },
      categories: {
        title: 'Chiffre d’affaires par catégorie de produits, 12 derniers mois',
        description:
          'Un anneau laisse la place au total en son centre\u00a0: le chiffre d’affaires de l’année et la part de chaque catégorie.',
      },
    },
  },
};

/** The chart pages' words by language. */
export default { en, fr };
