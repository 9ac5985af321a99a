// The forms pages' words in English and French: intros, examples, labels, options and their own messages.

const en = {
  showcaseForms: {
    demo: {
      submit: 'Submit',
      reset: 'Reset',
      success: 'The form is valid. A product screen would save it now; here it stays on this page.',
      result: 'Values after validation, as the server would receive them',
    },
    input: {
      intro:
        'Text fields for what a coordinator types: titles, identifiers, email addresses, notes and numbers. The last form checks its fields with the zod schemas the server runs, so the same input is refused here and there.',
      text: {
        title: 'Text',
        description: 'One line of free text, with a hint of what to type and a button to clear it.',
        label: 'Study title',
        placeholder: 'e.g. Vitamin D in early heart failure',
      },
      affixes: {
        title: 'Prefix and suffix',
        description: 'An icon or a unit inside the field says what it holds, without a longer label.',
        searchLabel: 'Search participants',
        searchPlaceholder: 'Name or patient ID',
        weightLabel: 'Body weight',
        weightUnit: 'kg',
      },
      password: {
        title: 'Password',
        description: 'Hides what is typed; the eye button shows it again to check it before saving.',
        label: 'Temporary password',
      },
      textarea: {
        title: 'Text area with a counter',
        description: 'For notes: it grows with the text and counts the characters left before the limit.',
        label: 'Screening notes',
        placeholder: 'What the participant said about their medication',
      },
      number: {
        title: 'Number',
        description: 'Digits only, within limits and by steps; the arrows and the keyboard change the value.',
        targetLabel: 'Participants to enrol',
        doseLabel: 'Daily dose',
        doseUnit: 'mg',
      },
      form: {
        title: 'Validated form: refer a patient',
        description:
          'Each field answers with the shared validation messages as soon as it is left; Submit checks the whole form again, as the server would.',
        patientId: 'Patient ID',
        patientIdHelp: 'Letters, digits and dashes, as written in the clinic’s record',
        referrerName: 'Referring physician',
        referrerEmail: 'Physician’s email address',
        phone: 'Phone number (optional)',
        age: 'Patient’s age',
        ageHelp: 'The study enrols adults from 18 to 65',
        notes: 'Notes (optional)',
      },
    },
    checkbox: {
      intro:
        'Checkboxes turn options on and off one by one: a consent to confirm, the channels a participant accepts, the documents to send. The last form refuses a missing consent or an empty choice.',
      single: {
        title: 'Single checkbox',
        description: 'One statement the person confirms by ticking it; the text beside the box is its label.',
        label: 'I have read the participant information sheet',
        ticked: 'Confirmed',
        unticked: 'Not confirmed yet',
      },
      group: {
        title: 'Group',
        description: 'Several independent options; an option that cannot be chosen yet stays visible but disabled.',
        label: 'Contact channels',
      },
      channels: {
        email: 'Email',
        phone: 'Phone',
        mail: 'Post',
        sms: 'Text message (coming later)',
      },
      selectAll: {
        title: 'Select all',
        description:
          'A checkbox above the list ticks or clears every option; it shows a dash while only some are ticked.',
        all: 'All documents',
        label: 'Documents to send to the site',
        count: '{{count}} of {{total}} selected',
      },
      documents: {
        protocol: 'Protocol',
        consentForm: 'Consent form',
        ethicsApproval: 'Ethics approval',
        budget: 'Budget',
      },
      form: {
        title: 'Validated form: consent and contact',
        description: 'The consent must be ticked and at least one channel chosen before the form is accepted.',
        consent: 'Consent',
        consentText: 'The participant signed the current version of the consent form',
        channels: 'How may the study team contact the participant?',
      },
    },
    radio: {
      intro:
        'Radio buttons choose exactly one option among a few that are all shown at once. For a long list, a select takes less room. The last form needs an answer in each group.',
      group: {
        title: 'Group',
        description: 'The usual form: a short question whose options sit on one line.',
        label: 'Visit type',
      },
      visit: {
        inPerson: 'In person',
        video: 'Video call',
        phone: 'Phone call',
      },
      buttons: {
        title: 'Button style',
        description: 'Options as a row of buttons, for a filter or a view switch; solid marks the chosen one more.',
        periodLabel: 'Period',
        week: 'Week',
        month: 'Month',
        quarter: 'Quarter',
        viewLabel: 'View',
        list: 'List',
        calendar: 'Calendar',
      },
      described: {
        title: 'Vertical with descriptions',
        description: 'One option per line, each with a sentence that says what choosing it means.',
        label: 'Reference priority',
      },
      priority: {
        routine: 'Routine',
        routineHelp: 'The site contacts the patient within 10 business days.',
        urgent: 'Urgent',
        urgentHelp: 'The site contacts the patient within 48 hours.',
        screening: 'Screening visit booked',
        screeningHelp: 'A visit date is already set: the site confirms it.',
      },
      form: {
        title: 'Validated form: triage a reference',
        description: 'Both questions need an answer; the schema accepts only the listed values.',
      },
    },
    range: {
      intro:
        'Sliders pick a number or an interval on a scale when the exact value matters less than where it sits. Marks name the useful points. The last form checks the values against the protocol’s limits.',
      single: {
        title: 'Single value with marks',
        description: 'A score on a fixed scale; the marks name its ends and its middle.',
        label: 'Pain over the last week',
        none: 'None',
        moderate: 'Moderate',
        worst: 'Worst',
        value: 'Score: {{value}} out of 10',
      },
      interval: {
        title: 'Range',
        description: 'Two handles set an interval, such as the ages a study accepts.',
        label: 'Eligible ages',
        from: 'Youngest eligible age',
        to: 'Oldest eligible age',
        value: 'Ages {{from}} to {{to}}',
      },
      window: {
        title: 'Range around a centre, with a tooltip',
        description:
          'The tooltip names the value in words while a handle moves: here the days around a visit’s target date.',
        label: 'Visit window',
        start: 'Window start',
        end: 'Window end',
        target: 'Target day',
        before_one: '{{count}} day before',
        before_other: '{{count}} days before',
        after_one: '{{count}} day after',
        after_other: '{{count}} days after',
      },
      form: {
        title: 'Validated form: eligibility pre-screen',
        description:
          'The slider and the number field set the same age; the schema accepts 18 to 65. The pain score must reach 4.',
        age: 'Patient’s age',
        ageInput: 'Patient’s age in years',
        ageHelp: 'Adults from 18 to 65',
        pain: 'Pain score over the last week',
        painHelp: 'Eligible from 4 (moderate pain)',
      },
    },
    rating: {
      intro:
        'Stars collect a quick judgement on a short scale: a site visit, a training session, a document. Hover or the arrow keys preview the value before it is chosen. The last form needs both ratings.',
      basic: {
        title: 'Stars with labels',
        description: 'Each star has a tooltip naming its level, and the chosen level shows beside the stars.',
        label: 'Quality of the training session',
        none: 'Not rated',
      },
      levels: {
        poor: 'Poor',
        fair: 'Fair',
        good: 'Good',
        veryGood: 'Very good',
        excellent: 'Excellent',
      },
      half: {
        title: 'Half stars',
        description: 'Finer steps for a mean or a nuanced opinion; clicking the chosen value again clears it.',
        label: 'Clarity of the protocol',
        value: '{{value}} out of 5',
      },
      custom: {
        title: 'Custom characters',
        description: 'Any icon or text can stand for a step, such as hearts or a numbered scale from 1 to 10.',
        heartsLabel: 'Participant’s satisfaction',
        numbersLabel: 'How likely the site is to take part again',
      },
      star_one: '{{count}} star',
      star_other: '{{count}} stars',
      form: {
        title: 'Validated form: rate a monitoring visit',
        description: 'Both ratings are required; half stars are accepted for the overall one.',
        overall: 'Overall',
        organisation: 'Organisation of the site',
        comment: 'Comment (optional)',
      },
    },
    toggle: {
      intro:
        'A switch turns a setting on or off and takes effect at once, unlike a checkbox, which waits for the form to be sent. The last form shows a field only while its switch is on, and then requires it.',
      basic: {
        title: 'Switch',
        description: 'Its visible label says what it turns on; a disabled or loading switch cannot be changed.',
        label: 'Accept new references',
        on: 'On',
        off: 'Off',
        disabledLabel: 'Archived study (cannot change)',
        loadingLabel: 'Syncing with the registry',
      },
      labelled: {
        title: 'Text or icons inside',
        description: 'A word or an icon in the switch repeats its state; the small size fits in tables.',
        blindedLabel: 'Blinded study',
        yes: 'Yes',
        no: 'No',
        publicLabel: 'Listed on the public site',
        compactLabel: 'Compact table rows',
      },
      settings: {
        title: 'Settings list',
        description: 'Each line names the setting and explains it, with its switch at the end.',
        newReferrals: 'Email me new references',
        newReferralsHelp: 'One message per reference to a study you coordinate.',
        weeklyDigest: 'Weekly summary',
        weeklyDigestHelp: 'Every Monday: references, visits and documents of the week before.',
        mentions: 'Notify me when someone mentions me',
        mentionsHelp: 'In a study’s comments or a reference’s notes.',
      },
      form: {
        title: 'Validated form: site settings',
        description:
          'Turning reminders on shows the address they go to, which then becomes required; turning them off removes it.',
        siteName: 'Site name',
        recruiting: 'Recruiting',
        reminders: 'Send visit reminders',
        reminderEmail: 'Reminder address',
      },
    },
    file: {
      intro:
        'Adds documents to a form: signed consent forms, scanned eligibility checklists, ethics letters. PDF, PNG and JPEG files up to {{max}} MB each are accepted; any other file is refused with a message.',
      local: {
        title: 'Files stay in this browser',
        description:
          'Nothing chosen here leaves your computer: uploading to storage comes with the document library. The lists below show what a person would send.',
      },
      button: {
        title: 'Button with a list',
        description: 'Several files at once, listed under the button; each one can be removed before sending.',
        label: 'Eligibility documents',
        select: 'Select files',
      },
      dragger: {
        title: 'Drop area',
        description: 'A large target to drop files onto, or to click to browse; the same checks apply.',
        label: 'Signed consent forms',
        text: 'Click or drop files here',
      },
      hint: 'PDF, PNG or JPEG, up to {{max}} MB each',
      wrongType: '{{name}} is not a PDF, PNG or JPEG file: it was not added.',
      tooLarge: '{{name}} is larger than {{max}} MB: it was not added.',
      empty: '{{name}} is empty: it was not added.',
      form: {
        title: 'Validated form: attach a consent form',
        description:
          'A title and one to five files are required; Submit lists what would be sent, each file’s name, size and type.',
        documentTitle: 'Document title',
        files: 'Files',
      },
    },
  },
};

const fr: typeof en = {
  showcaseForms: {
    demo: {
      submit: 'Soumettre',
      reset: 'Réinitialiser',
      success:
        'Le formulaire est valide. Un écran du produit l’enregistrerait maintenant\u00a0; ici, il reste sur cette page.',
      result: 'Valeurs après validation, telles que le serveur les recevrait',
    },
    input: {
      intro:
        'Des champs pour ce qu’une coordonnatrice ou un coordonnateur saisit\u00a0: titres, identifiants, adresses courriel, notes et nombres. Le dernier formulaire vérifie ses champs avec les schémas zod qu’exécute le serveur\u00a0: une saisie refusée ici l’est aussi là-bas.',
      text: {
        title: 'Texte',
        description:
          'Une ligne de texte libre, avec une indication de ce qu’il faut saisir et un bouton pour l’effacer.',
        label: 'Titre de l’étude',
        placeholder: 'p. ex. Vitamine D et insuffisance cardiaque précoce',
      },
      affixes: {
        title: 'Préfixe et suffixe',
        description: 'Une icône ou une unité dans le champ dit ce qu’il contient, sans allonger le libellé.',
        searchLabel: 'Rechercher des participants',
        searchPlaceholder: 'Nom ou identifiant du patient',
        weightLabel: 'Poids',
        weightUnit: 'kg',
      },
      password: {
        title: 'Mot de passe',
        description:
          'Masque ce qui est saisi\u00a0; le bouton en forme d’œil l’affiche pour le vérifier avant d’enregistrer.',
        label: 'Mot de passe temporaire',
      },
      textarea: {
        title: 'Zone de texte avec compteur',
        description: 'Pour les notes\u00a0: elle s’agrandit avec le texte et compte les caractères restants.',
        label: 'Notes de présélection',
        placeholder: 'Ce que la personne a dit de sa médication',
      },
      number: {
        title: 'Nombre',
        description:
          'Des chiffres seulement, entre des limites et par paliers\u00a0; les flèches et le clavier changent la valeur.',
        targetLabel: 'Participants à recruter',
        doseLabel: 'Dose quotidienne',
        doseUnit: 'mg',
      },
      form: {
        title: 'Formulaire validé\u00a0: orienter un patient',
        description:
          'Chaque champ répond avec les messages de validation communs dès qu’on le quitte\u00a0; «\u00a0Soumettre\u00a0» revérifie tout le formulaire, comme le ferait le serveur.',
        patientId: 'Identifiant du patient',
        patientIdHelp: 'Lettres, chiffres et tirets, tel qu’il figure au dossier de la clinique',
        referrerName: 'Médecin référent',
        referrerEmail: 'Adresse courriel du médecin',
        phone: 'Numéro de téléphone (facultatif)',
        age: 'Âge du patient',
        ageHelp: 'L’étude recrute des adultes de 18 à 65\u00a0ans',
        notes: 'Notes (facultatif)',
      },
    },
    checkbox: {
      intro:
        'Les cases à cocher activent des options une à une\u00a0: un consentement à confirmer, les moyens de contact qu’accepte un participant, les documents à envoyer. Le dernier formulaire refuse un consentement manquant ou un choix vide.',
      single: {
        title: 'Case unique',
        description:
          'Un énoncé que la personne confirme en le cochant\u00a0; le texte à côté de la case en est le libellé.',
        label: 'J’ai lu le formulaire d’information destiné aux participants',
        ticked: 'Confirmé',
        unticked: 'Pas encore confirmé',
      },
      group: {
        title: 'Groupe',
        description:
          'Plusieurs options indépendantes\u00a0; une option qu’on ne peut pas encore choisir reste visible, mais désactivée.',
        label: 'Moyens de contact',
      },
      channels: {
        email: 'Courriel',
        phone: 'Téléphone',
        mail: 'Poste',
        sms: 'Texto (à venir)',
      },
      selectAll: {
        title: 'Tout sélectionner',
        description:
          'Une case au-dessus de la liste coche ou décoche toutes les options\u00a0; elle affiche un tiret quand seules certaines sont cochées.',
        all: 'Tous les documents',
        label: 'Documents à envoyer au site',
        count: '{{count}} sur {{total}} sélectionnés',
      },
      documents: {
        protocol: 'Protocole',
        consentForm: 'Formulaire de consentement',
        ethicsApproval: 'Approbation éthique',
        budget: 'Budget',
      },
      form: {
        title: 'Formulaire validé\u00a0: consentement et contact',
        description:
          'Le consentement doit être coché et au moins un moyen de contact choisi pour que le formulaire soit accepté.',
        consent: 'Consentement',
        consentText: 'Le participant a signé la version en vigueur du formulaire de consentement',
        channels: 'Comment l’équipe de l’étude peut-elle joindre le participant\u00a0?',
      },
    },
    radio: {
      intro:
        'Les boutons radio choisissent une seule option parmi quelques-unes, toutes affichées. Pour une longue liste, une liste déroulante prend moins de place. Le dernier formulaire exige une réponse dans chaque groupe.',
      group: {
        title: 'Groupe',
        description: 'La forme habituelle\u00a0: une question courte dont les options tiennent sur une ligne.',
        label: 'Type de visite',
      },
      visit: {
        inPerson: 'En personne',
        video: 'Appel vidéo',
        phone: 'Appel téléphonique',
      },
      buttons: {
        title: 'Style bouton',
        description:
          'Les options en rangée de boutons, pour un filtre ou un changement de vue\u00a0; le style plein fait mieux ressortir le choix.',
        periodLabel: 'Période',
        week: 'Semaine',
        month: 'Mois',
        quarter: 'Trimestre',
        viewLabel: 'Affichage',
        list: 'Liste',
        calendar: 'Calendrier',
      },
      described: {
        title: 'Vertical avec descriptions',
        description: 'Une option par ligne, chacune avec une phrase qui dit ce que ce choix implique.',
        label: 'Priorité de la référence',
      },
      priority: {
        routine: 'Courante',
        routineHelp: 'Le site joint le patient dans les 10\u00a0jours ouvrables.',
        urgent: 'Urgente',
        urgentHelp: 'Le site joint le patient dans les 48\u00a0heures.',
        screening: 'Visite de sélection réservée',
        screeningHelp: 'Une date de visite est déjà fixée\u00a0: le site la confirme.',
      },
      form: {
        title: 'Formulaire validé\u00a0: trier une référence',
        description: 'Les deux questions exigent une réponse\u00a0; le schéma n’accepte que les valeurs proposées.',
      },
    },
    range: {
      intro:
        'Les curseurs choisissent un nombre ou un intervalle sur une échelle quand la valeur exacte compte moins que sa position. Des repères nomment les points utiles. Le dernier formulaire vérifie les valeurs selon les limites du protocole.',
      single: {
        title: 'Valeur unique avec repères',
        description: 'Un score sur une échelle fixe\u00a0; les repères en nomment les extrémités et le milieu.',
        label: 'Douleur au cours de la dernière semaine',
        none: 'Aucune',
        moderate: 'Modérée',
        worst: 'Pire',
        value: 'Score\u00a0: {{value}} sur 10',
      },
      interval: {
        title: 'Intervalle',
        description: 'Deux poignées fixent un intervalle, comme les âges qu’accepte une étude.',
        label: 'Âges admissibles',
        from: 'Âge admissible le plus bas',
        to: 'Âge admissible le plus élevé',
        value: 'De {{from}} à {{to}}\u00a0ans',
      },
      window: {
        title: 'Intervalle autour d’un centre, avec infobulle',
        description:
          'L’infobulle nomme la valeur en mots pendant qu’une poignée bouge\u00a0: ici, les jours autour de la date cible d’une visite.',
        label: 'Fenêtre de visite',
        start: 'Début de la fenêtre',
        end: 'Fin de la fenêtre',
        target: 'Jour cible',
        before_one: '{{count}}\u00a0jour avant',
        before_other: '{{count}}\u00a0jours avant',
        after_one: '{{count}}\u00a0jour après',
        after_other: '{{count}}\u00a0jours après',
      },
      form: {
        title: 'Formulaire validé\u00a0: présélection',
        description:
          'Le curseur et le champ numérique fixent le même âge\u00a0; le schéma accepte de 18 à 65. Le score de douleur doit atteindre 4.',
        age: 'Âge du patient',
        ageInput: 'Âge du patient en années',
        ageHelp: 'Adultes de 18 à 65\u00a0ans',
        pain: 'Score de douleur au cours de la dernière semaine',
        painHelp: 'Admissible à partir de 4 (douleur modérée)',
      },
    },
    rating: {
      intro:
        'Les étoiles recueillent un jugement rapide sur une courte échelle\u00a0: une visite de site, une formation, un document. Le survol ou les flèches du clavier prévisualisent la valeur avant de la choisir. Le dernier formulaire exige les deux notes.',
      basic: {
        title: 'Étoiles avec libellés',
        description: 'Chaque étoile a une infobulle qui nomme son niveau, et le niveau choisi s’affiche à côté.',
        label: 'Qualité de la formation',
        none: 'Non noté',
      },
      levels: {
        poor: 'Médiocre',
        fair: 'Passable',
        good: 'Bien',
        veryGood: 'Très bien',
        excellent: 'Excellent',
      },
      half: {
        title: 'Demi-étoiles',
        description:
          'Des paliers plus fins pour une moyenne ou un avis nuancé\u00a0; cliquer de nouveau sur la valeur choisie l’efface.',
        label: 'Clarté du protocole',
        value: '{{value}} sur 5',
      },
      custom: {
        title: 'Caractères personnalisés',
        description:
          'N’importe quelle icône ou quel texte peut représenter un palier, comme des cœurs ou une échelle numérotée de 1 à 10.',
        heartsLabel: 'Satisfaction du participant',
        numbersLabel: 'Probabilité que le site participe de nouveau',
      },
      star_one: '{{count}}\u00a0étoile',
      star_other: '{{count}}\u00a0étoiles',
      form: {
        title: 'Formulaire validé\u00a0: noter une visite de surveillance',
        description: 'Les deux notes sont obligatoires\u00a0; les demi-étoiles sont acceptées pour la note globale.',
        overall: 'Note globale',
        organisation: 'Organisation du site',
        comment: 'Commentaire (facultatif)',
      },
    },
    toggle: {
      intro:
        'Un interrupteur active ou désactive un réglage sur-le-champ, contrairement à une case à cocher, qui attend l’envoi du formulaire. Le dernier formulaire n’affiche un champ que lorsque son interrupteur est activé, et l’exige alors.',
      basic: {
        title: 'Interrupteur',
        description:
          'Son libellé visible dit ce qu’il active\u00a0; un interrupteur désactivé ou en chargement ne peut pas changer.',
        label: 'Accepter de nouvelles références',
        on: 'Activé',
        off: 'Désactivé',
        disabledLabel: 'Étude archivée (non modifiable)',
        loadingLabel: 'Synchronisation avec le registre',
      },
      labelled: {
        title: 'Texte ou icônes à l’intérieur',
        description:
          'Un mot ou une icône dans l’interrupteur répète son état\u00a0; la petite taille convient aux tableaux.',
        blindedLabel: 'Étude à l’insu',
        yes: 'Oui',
        no: 'Non',
        publicLabel: 'Affichée sur le site public',
        compactLabel: 'Lignes de tableau compactes',
      },
      settings: {
        title: 'Liste de réglages',
        description: 'Chaque ligne nomme le réglage et l’explique, avec son interrupteur au bout.',
        newReferrals: 'M’envoyer les nouvelles références par courriel',
        newReferralsHelp: 'Un message par référence vers une étude que vous coordonnez.',
        weeklyDigest: 'Résumé hebdomadaire',
        weeklyDigestHelp: 'Chaque lundi\u00a0: références, visites et documents de la semaine précédente.',
        mentions: 'M’avertir quand quelqu’un me mentionne',
        mentionsHelp: 'Dans les commentaires d’une étude ou les notes d’une référence.',
      },
      form: {
        title: 'Formulaire validé\u00a0: réglages du site',
        description:
          'Activer les rappels affiche l’adresse à laquelle ils sont envoyés, qui devient alors obligatoire\u00a0; les désactiver la retire.',
        siteName: 'Nom du site',
        recruiting: 'Recrutement ouvert',
        reminders: 'Envoyer des rappels de visite',
        reminderEmail: 'Adresse des rappels',
      },
    },
    file: {
      intro:
        'Ajoute des documents à un formulaire\u00a0: formulaires de consentement signés, listes d’admissibilité numérisées, lettres du comité d’éthique. Les fichiers PDF, PNG et JPEG d’au plus {{max}}\u00a0Mo chacun sont acceptés\u00a0; tout autre fichier est refusé avec un message.',
      local: {
        title: 'Les fichiers restent dans ce navigateur',
        description:
          'Rien de ce qui est choisi ici ne quitte votre ordinateur\u00a0: le téléversement vers le stockage arrivera avec la bibliothèque de documents. Les listes ci-dessous montrent ce qu’une personne enverrait.',
      },
      button: {
        title: 'Bouton avec liste',
        description:
          'Plusieurs fichiers à la fois, listés sous le bouton\u00a0; chacun peut être retiré avant l’envoi.',
        label: 'Documents d’admissibilité',
        select: 'Choisir des fichiers',
      },
      dragger: {
        title: 'Zone de dépôt',
        description:
          'Une grande cible où déposer des fichiers, ou sur laquelle cliquer pour parcourir\u00a0; les mêmes vérifications s’appliquent.',
        label: 'Formulaires de consentement signés',
        text: 'Cliquez ou déposez des fichiers ici',
      },
      hint: 'PDF, PNG ou JPEG, {{max}}\u00a0Mo au plus chacun',
      wrongType: '{{name}} n’est pas un fichier PDF, PNG ou JPEG\u00a0: il n’a pas été ajouté.',
      tooLarge: '{{name}} dépasse {{max}}\u00a0Mo\u00a0: il n’a pas été ajouté.',
      empty: '{{name}} est vide\u00a0: il n’a pas été ajouté.',
      form: {
        title: 'Formulaire validé\u00a0: joindre un formulaire de consentement',
        description:
          'Un titre et de un à cinq fichiers sont obligatoires\u00a0; «\u00a0Soumettre\u00a0» liste ce qui serait envoyé, avec le nom, la taille et le type de chaque fichier.',
        documentTitle: 'Titre du document',
        files: 'Fichiers',
      },
    },
  },
};

export default { en, fr };
