// The template showcase's menu and shared words in English and French (added after sign-in: showcase/index.ts).

const en = {
  menu: {
    items: { ecommerce: 'E-commerce', chat: 'Chat' },
    components: {
      accordion: 'Accordion',
      alert: 'Alert',
      avatar: 'Avatar',
      badge: 'Badge',
      breadcrumb: 'Breadcrumb',
      button: 'Button',
      countdown: 'Countdown',
      drawer: 'Drawer',
      dropdown: 'Dropdown',
      loading: 'Loading',
      menu: 'Menu',
      modal: 'Modal',
      pagination: 'Pagination',
      progress: 'Progress',
      step: 'Steps',
      tab: 'Tabs',
      timeline: 'Timeline',
      toast: 'Toast',
      tooltip: 'Tooltip',
    },
    forms: {
      checkbox: 'Checkbox',
      file: 'File upload',
      input: 'Input',
      radio: 'Radio',
      range: 'Range',
      rating: 'Rating',
      toggle: 'Toggle',
    },
    charts: {
      area: 'Area chart',
      bar: 'Bar chart',
      column: 'Column chart',
      line: 'Line chart',
      pie: 'Pie chart',
    },
  },
};

const fr: typeof en = {
  menu: {
    items: { ecommerce: 'Commerce en ligne', chat: 'Messagerie' },
    components: {
      accordion: 'Accordéon',
      alert: 'Alerte',
      avatar: 'Avatar',
      badge: 'Badge',
      breadcrumb: 'Fil d’Ariane',
      button: 'Bouton',
      countdown: 'Compte à rebours',
      drawer: 'Tiroir',
      dropdown: 'Menu déroulant',
      loading: 'Chargement',
      menu: 'Menu',
      modal: 'Fenêtre modale',
      pagination: 'Pagination',
      progress: 'Progression',
      step: 'Étapes',
      tab: 'Onglets',
      timeline: 'Chronologie',
      toast: 'Notification',
      tooltip: 'Info-bulle',
    },
    forms: {
      checkbox: 'Case à cocher',
      file: 'Téléversement de fichier',
      input: 'Champ de saisie',
      radio: 'Bouton radio',
      range: 'Curseur',
      rating: 'Évaluation',
      toggle: 'Interrupteur',
    },
    charts: {
      area: 'Graphique en aires',
      bar: 'Graphique à barres',
      column: 'Graphique à colonnes',
      line: 'Graphique linéaire',
      pie: 'Graphique circulaire',
    },
  },
};

/** The showcase's menu and shared words by language. */
export default { en, fr };
