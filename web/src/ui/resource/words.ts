// The list screens' Export CSV words in English and French (added when the list screens load, after sign-in).

const en = {
  exports: {
    button: 'Export CSV',
    help: 'Every row matching the current search and filters, in a CSV file for spreadsheets: your language, the team’s time zone, names',
    formats: 'Other export formats',
    machine: 'CSV for programs (codes, UTC times, IDs, commas)',
    exporting: 'Exporting…',
    exported_one: 'Exported {{count}} row',
    exported_other: 'Exported {{count}} rows',
    downloadFailed: 'The file is ready but could not be downloaded. Check the connection and export again.',
  },
};

const fr: typeof en = {
  exports: {
    button: 'Exporter en CSV',
    help: 'Toutes les lignes correspondant à la recherche et aux filtres actuels, dans un fichier CSV pour tableur\u00a0: votre langue, le fuseau horaire de l’équipe, les noms',
    formats: 'Autres formats d’exportation',
    machine: 'CSV pour logiciels (codes, heures UTC, ID, virgules)',
    exporting: 'Exportation en cours…',
    exported_one: '{{count}} ligne exportée',
    exported_other: '{{count}} lignes exportées',
    downloadFailed:
      'Le fichier est prêt, mais n’a pas pu être téléchargé. Vérifiez la connexion et exportez de nouveau.',
  },
};

export default { en, fr };
