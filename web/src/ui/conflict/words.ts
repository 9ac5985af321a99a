// The words of a save that met a newer version or a deleted record, in English and French (added with the edit screens).

const en = {
  conflict: {
    title: 'Someone else saved this record while you were editing',
    help: 'Nothing is saved yet and your edits are kept. Choose the value to keep for each field, then save against the latest version.',
    toast: 'Not saved: someone else changed this record. Choose what to keep next to the Save button.',
    field: 'Field',
    latest: 'Latest version',
    yours: 'Your edit',
    both: 'Changed on both sides',
    onlyYours: 'Changed by you only',
    choose: 'Choose a value for each field changed on both sides.',
    theirs: 'Also changed meanwhile, the latest value is kept: {{fields}}',
    save: 'Save these values',
    discard: 'Discard my edits',
    goneTitle: 'Someone else deleted this record',
    goneHelp: 'Your edits cannot be saved. Copy what you need, then go back to the list.',
    goneToast: 'Not saved: this record was deleted.',
    backToList: 'Back to the list',
  },
};

const fr: typeof en = {
  conflict: {
    title: 'Quelqu’un d’autre a modifié cet enregistrement pendant que vous le modifiiez',
    help: 'Rien n’est encore enregistré et vos modifications sont conservées. Choisissez la valeur à garder pour chaque champ, puis enregistrez sur la dernière version.',
    toast:
      'Non enregistré\u00a0: quelqu’un d’autre a modifié cet enregistrement. Choisissez quoi garder près du bouton Enregistrer.',
    field: 'Champ',
    latest: 'Dernière version',
    yours: 'Votre modification',
    both: 'Modifié des deux côtés',
    onlyYours: 'Modifié par vous seulement',
    choose: 'Choisissez une valeur pour chaque champ modifié des deux côtés.',
    theirs: 'Aussi modifié entre-temps, la dernière valeur est gardée\u00a0: {{fields}}',
    save: 'Enregistrer ces valeurs',
    discard: 'Abandonner mes modifications',
    goneTitle: 'Quelqu’un d’autre a supprimé cet enregistrement',
    goneHelp:
      'Vos modifications ne peuvent pas être enregistrées. Copiez ce dont vous avez besoin, puis revenez à la liste.',
    goneToast: 'Non enregistré\u00a0: cet enregistrement a été supprimé.',
    backToList: 'Retour à la liste',
  },
};

export default { en, fr };
