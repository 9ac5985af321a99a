// The UI components pages' words in English and French: intros, examples' explanations and their sample content.

const en = {
  showcaseComponents: {
    common: {
      close: 'Close',
      studyCode: 'CARDIO-HF 2',
      studyTitle: 'Heart failure in adults aged 65 and over',
      reference: 'Reference REF-0042',
    },
    people: {
      marie: 'Marie Tremblay',
      jean: 'Jean-Philippe Gagnon',
      amina: 'Amina Diallo',
      li: 'Li Wei',
      sofia: 'Sofia Rossi',
      omar: 'Omar Haddad',
    },
    accordion: {
      intro:
        'Accordions fold long content into titled sections: a screen shows the essentials first and the details on demand.',
      multiple: {
        title: 'Several sections open',
        description: 'Use it when people may need several sections at once, such as the criteria of a study.',
        inclusion: 'Inclusion criteria',
        inclusionText:
          'Adults aged 65 or over, hospitalised for heart failure in the last 12 months, with a left ventricular ejection fraction under 40 %.',
        exclusion: 'Exclusion criteria',
        exclusionText: 'Dialysis, a heart transplant, or a life expectancy under one year.',
        contactsText: 'Marie Tremblay, research nurse, answers referrers on weekdays from 8 am to 4 pm.',
      },
      single: {
        title: 'Accordion mode',
        description:
          'Use it for questions and answers: opening one section closes the others and keeps the page short.',
        referQuestion: 'How do I refer a patient to a study?',
        referAnswer:
          'Open References, choose Create reference, then pick the study and enter the patient ID. The study contact sees it at once.',
        patientIdQuestion: 'Who can see the patient ID?',
        patientIdAnswer: 'Only the staff of the study team, and every reading is recorded in the access log.',
        acceptedQuestion: 'What happens once a reference is accepted?',
        acceptedAnswer: 'The study contact books the screening visit and the patient joins the study.',
      },
      ghost: {
        title: 'Borderless, arrow at the end',
        description: 'Use it inside a card or a side panel, where borders would frame the content twice.',
        summaryText: 'A randomised study of a home follow-up programme after a hospital stay for heart failure.',
        datesText: 'Recruitment from 1 March to 30 November 2025.',
        documents: 'Documents',
        documentsText: 'Protocol version 5, consent form version 3, ethics approval of 20 January 2025.',
      },
    },
    alert: {
      intro:
        'Alerts tell people about a state of their study or of their work that deserves attention, from information to error.',
      warning: {
        title: 'Warning',
        description: 'Use it for something that needs action soon but blocks nothing yet.',
        message: 'Consent form version 3 expires in 14 days',
        detail: 'Upload version 4, approved by the ethics board, before then to keep recruiting.',
      },
      success: {
        title: 'Success',
        description: 'Use it to confirm a change was saved, where the person is looking.',
        save: 'Save the study',
        message: 'Study CARDIO-HF 2 saved',
      },
      error: {
        title: 'Error with a retry',
        description: 'Use it when loading failed and trying again may work: the action sits in the alert.',
        message: 'The references could not be loaded',
        detail: 'The server did not answer in time.',
        loaded: 'References loaded: 12 pending, 30 accepted.',
        again: 'Show the error again',
      },
      info: {
        title: 'Closable information',
        description: 'Use it for news people can dismiss once they have read it.',
        message: 'New: references can be filtered by study',
        detail: 'Open References and choose a study above the list.',
        reopen: 'Show the information again',
      },
    },
    avatar: {
      intro: 'Avatars stand for people, staff and study contacts, where their full name would take too much room.',
      sizes: {
        title: 'Sizes',
        description: "Use small in lists and tables, medium in the top bar, large on a person's own page.",
        small: 'Small',
        medium: 'Medium',
        large: 'Large',
        custom: '64 px',
      },
      initials: {
        title: 'Initials',
        description: 'Use initials when a person has no picture: the colours help tell people apart.',
      },
      group: {
        title: 'Group',
        description: 'Use a group for a study team: the first members show, the others behind a counter.',
        team: 'The CARDIO-HF 2 study team',
      },
    },
    badge: {
      intro: 'Badges put a count or a status on an element: people see what awaits them without opening it.',
      count: {
        title: 'Count',
        description: 'Use a count for work waiting, such as the access requests an Admin must approve.',
        requests_one: 'Access requests: {{count}} pending',
        requests_other: 'Access requests: {{count}} pending',
        review: 'References to review',
        approve: 'Approve a request',
        reset: 'Start again',
      },
      dot: {
        title: 'Dot',
        description: 'Use a dot when something is new but the number does not matter.',
        messages: 'Messages, new messages waiting',
      },
      status: {
        title: 'Status',
        description: "Use a status dot with its word beside a record, such as a reference's status.",
      },
      ribbon: {
        title: 'Ribbon',
        description: 'Use a ribbon to mark a card, such as a study that is recruiting.',
        recruited: '34 of 50 patients recruited',
      },
    },
    breadcrumb: {
      intro: 'Breadcrumbs show where a screen sits in the back office and lead back to the screens above it.',
      home: 'Home',
      paths: {
        title: "The back office's paths",
        description: "Use it on every screen below a list, such as a study's edit screen.",
        studyLabel: "Path to a study's edit screen",
        contactLabel: 'Path to a new study contact',
      },
      icons: {
        title: 'With icons',
        description: 'Use icons when the path starts at a well-known place, such as home.',
        label: 'Path to a reference',
      },
      menu: {
        title: 'With a menu',
        description: 'Use a menu on a step to jump to a neighbouring section without going back up.',
        label: 'Path to a new reference',
      },
    },
    button: {
      intro: 'Buttons start actions. One primary button per area shows the main action; the others step back.',
      types: {
        title: 'Types',
        description:
          'Use primary for the main action, default for the others, dashed to add an item, text and link for light actions.',
        export: 'Export',
        addCriterion: 'Add a criterion',
        protocol: 'Open the protocol',
      },
      sizes: {
        title: 'Sizes',
        description: 'Use small in table rows, medium everywhere else, large where a screen has a single action.',
        small: 'Small',
        medium: 'Medium',
        large: 'Large',
      },
      icons: {
        title: 'With icons',
        description:
          'Use an icon to make an action quicker to find; a button that shows only an icon still needs a name.',
        search: 'Search',
        download: 'Download the list',
        next: 'Next',
        edit: 'Edit the study',
        delete: 'Delete the study',
      },
      states: {
        title: 'Danger, disabled and loading',
        description:
          'Use danger for actions that delete or revoke, disabled while an action is not possible, loading while it runs.',
        delete: 'Delete the reference',
        revoke: 'Revoke access',
        approve: 'Approve',
        saved: 'Saved',
      },
    },
    countdown: {
      intro: 'Countdowns show the time left before a deadline, updated every second.',
      enrolment: {
        title: 'Enrolment window',
        description: "Use it for a deadline days away, such as the end of a study's enrolment window.",
        label: 'CARDIO-HF 2 enrolment closes in',
        format: 'D [days] HH:mm:ss',
      },
      idle: {
        title: 'Idle sign-out',
        description: 'Use a short countdown when the person must act before it ends, such as staying signed in.',
        start: 'Simulate inactivity',
        label: 'Signed out in',
        signedOut: 'Time is up: the back office would now sign you out.',
        restart: 'Start again',
      },
      countup: {
        title: 'Elapsed time',
        description: 'Use a timer that counts up for a wait that matters, such as a reference awaiting an answer.',
        label: 'Reference REF-0042 has waited for',
        format: 'D [d] HH:mm:ss',
      },
    },
    drawer: {
      intro: 'Drawers slide a panel over the side of the screen to show or edit a record without leaving the list.',
      placement: {
        title: 'Placement',
        description:
          "Use the right side for a record's details, the left for navigation, the top or bottom for a short task.",
        side: 'Side of the drawer',
        right: 'Right',
        left: 'Left',
        top: 'Top',
        bottom: 'Bottom',
        open: 'Open the study contact',
        roleLabel: 'Role',
        role: 'Research nurse',
        email: 'marie.tremblay@trialdesk.test',
        phone: '514 555-0142',
      },
      size: {
        title: 'Size',
        description: 'Use the default size for a few fields and the large size for a whole form or a long history.',
        openDefault: 'Open at the default size',
        openLarge: 'Open at the large size',
        note: 'The patient meets the inclusion criteria; the screening visit can be booked once the reference is accepted.',
        accept: 'Accept the reference',
        accepted: 'Reference REF-0042 accepted',
      },
    },
    dropdown: {
      intro: 'Dropdowns keep secondary actions out of the way until people ask for them.',
      chosen: 'Chosen: {{action}}',
      actions: {
        title: 'Actions menu',
        description: 'Use it when a record has several actions of equal weight that would crowd the screen as buttons.',
        edit: 'Edit',
        duplicate: 'Duplicate',
        export: 'Export as CSV',
      },
      split: {
        title: 'Split button',
        description: 'Use it when one action is the usual choice and a few others stay close at hand.',
        accept: 'Accept the reference',
        more: 'Other decisions',
        reject: 'Reject',
        duplicate: 'Mark as a duplicate',
      },
      rows: {
        title: 'Row menu',
        description: 'Use a "more" button in list rows, where each row needs its own small menu.',
        email: 'Send an email',
        more: 'More actions for {{name}}',
      },
    },
    loading: {
      intro: 'Loading indicators say the screen is working, and keep the layout still while data arrives.',
      spin: {
        title: 'Spinner',
        description: 'Use a spinner over an area being refreshed; its description says what is loading.',
        toggle: 'Loading',
        loading: 'Loading the references…',
        content: '12 references pending, 30 accepted, 4 rejected.',
      },
      skeleton: {
        title: 'Skeleton',
        description: 'Use a skeleton when a screen first opens, in the shape of the content to come.',
        toggle: 'Content loaded',
        contact: 'Study contact: {{name}}',
      },
      button: {
        title: 'Loading button',
        description: 'Use it on the button that started an action, so people do not press it twice.',
        refresh: 'Refresh the list',
        refreshed: 'List refreshed',
      },
    },
    menu: {
      intro: 'Menus list the places and sections of the back office, and show which one is open.',
      horizontal: {
        title: 'Horizontal',
        description: 'Use it across the top of a record with a few sections, such as a study.',
        label: 'Sections of the study',
        overview: 'Overview',
        documents: 'Documents',
        protocol: 'Protocol',
        consent: 'Consent forms',
        ethics: 'Ethics approvals',
      },
      inline: {
        title: 'Inline',
        description: 'Use it for the main navigation in a side bar; it folds down to its icons to leave room.',
        label: 'Back office sample navigation',
        administration: 'Administration',
        collapse: 'Fold the menu',
        expand: 'Unfold the menu',
      },
    },
    modal: {
      intro: 'Modals ask for a decision or a few details on top of the screen, which waits until the person answers.',
      confirm: {
        title: 'Confirmation',
        description: 'Use a confirmation before an action that cannot be undone, such as deleting a reference.',
        button: 'Delete reference REF-0042',
        question: 'Delete reference REF-0042?',
        content: 'The reference and its history will be deleted. This cannot be undone.',
        deleted: 'Reference REF-0042 deleted (sample: nothing was deleted)',
      },
      info: {
        title: 'Information',
        description: 'Use an information dialog for a message people must read before going on.',
        button: 'Show the consent form notice',
        heading: 'Consent form version 4 is in force',
        content: 'From today, every new patient signs version 4. Patients already enrolled keep version 3.',
        ok: 'Understood',
      },
      custom: {
        title: 'Dialog of your own',
        description: 'Use your own dialog for a short task with its own fields and buttons, such as an invitation.',
        button: 'Invite a study contact',
        help: 'The person receives a link to create their account.',
        send: 'Send the invitation',
        sent: 'Invitation sent to {{email}} (sample: no email left)',
      },
    },
    pagination: {
      intro: 'Pagination splits a long list into pages, so each page loads quickly.',
      simple: {
        title: 'Simple',
        description: 'Use the simple form where room is short, such as a side panel or a narrow screen.',
      },
      full: {
        title: 'Full',
        description:
          'Use the full form under lists: the total, the page sizes the back office offers and a jump to a page.',
      },
      small: {
        title: 'Small',
        description: 'Use the small size in dense places, such as a list inside a card.',
        list: 'History of CARDIO-HF 2: 36 changes',
      },
    },
    progress: {
      intro: 'Progress bars show how far a task or a target has come. Recruit patients to see them move.',
      recruitment: 'Recruitment of {{study}}',
      count: '{{done}} / {{total}}',
      recruited: '{{done}} of {{total}} patients recruited',
      recruit: 'Recruit a patient',
      reset: 'Start again',
      line: {
        title: 'Line',
        description: "Use a line in lists and cards, such as each study's recruitment or a running task.",
        consent: 'Consent forms signed',
        export: 'Export of the references (failed)',
      },
      circle: {
        title: 'Circle',
        description: 'Use a circle for one figure that sums up a screen, such as a dashboard tile.',
        recruitment: 'Recruitment',
        visits: 'Screening visits done',
      },
      steps: {
        title: 'Steps',
        description: 'Use steps when the target splits into equal parts, here five patients each.',
      },
    },
    step: {
      intro: 'Steps show where a record stands in a process with several stages.',
      workflow: {
        title: 'The reference workflow',
        description: 'Use steps for a process people follow in order; the buttons move the reference along.',
        created: 'Created',
        createdText: 'The referrer enters the patient',
        pendingText: 'The study contact checks the criteria',
        screening: 'Screening visit',
        screeningText: 'The patient meets the study team',
        acceptedText: 'The patient joins the study',
        previous: 'Previous step',
        next: 'Next step',
        position: 'Step {{step}} of {{total}}: {{title}}',
      },
      error: {
        title: 'Error status',
        description: 'Use the error status to show where a process stopped, such as a rejected reference.',
        reason: 'Exclusion criterion: dialysis',
      },
      vertical: {
        title: 'Vertical and small',
        description: 'Use small vertical steps in a side panel or a narrow column.',
        protocol: 'Protocol written',
        protocolText: 'Version 5, signed by the principal investigator',
        ethics: 'Ethics approval',
        ethicsText: 'Granted on 20 January 2025',
        site: 'Site opened',
        siteText: 'Staff trained, study contacts named',
        firstPatient: 'First patient',
        firstPatientText: 'Expected in March',
      },
    },
    tab: {
      intro: "Tabs split a record's screen into sections people switch between without leaving it.",
      line: {
        title: 'Line',
        description: 'Use line tabs for the sections of a record, such as a study.',
        overview: 'Overview',
        overviewText: 'CARDIO-HF 2 compares a home follow-up programme with usual care after a stay for heart failure.',
        criteria: 'Criteria',
        criteriaText: 'Adults aged 65 or over, ejection fraction under 40 %, no dialysis.',
        referencesText: '46 references: 12 pending, 30 accepted, 4 rejected.',
        historyText: 'Last change by Marie Tremblay: end date moved to 30 November 2025.',
      },
      card: {
        title: 'Card',
        description: 'Use card tabs when each tab holds a whole panel, such as the settings of a study team.',
        members: 'Members',
        membersText: 'Six members: two study contacts, three referrers and one Admin.',
        notifications: 'Notifications',
        notificationsText: 'Study contacts receive an email for each new reference.',
        documents: 'Documents',
        documentsText: "Protocol, consent forms and ethics approvals of the team's studies.",
      },
      icons: {
        title: 'With icons',
        description: 'Use icons to make frequent sections quicker to find, always beside their word.',
        studiesText: 'Eight studies, five of them recruiting.',
        referencesText: 'Twelve references await a decision.',
        contactsText: 'Fourteen study contacts across the eight studies.',
      },
    },
    timeline: {
      intro: 'Timelines list the events of a record in order, with when each one happened.',
      path: {
        title: "A reference's path",
        description: "Use it for a record's history, such as a reference from its creation to its acceptance.",
        created: 'Created',
        createdText: 'Patient referred by {{name}}',
        pendingText: 'Criteria checked by {{name}}',
        screening: 'Screening visit',
        screeningText: 'The patient met the study team',
        acceptedText: 'The patient joins {{study}}',
      },
      ongoing: {
        title: 'Still under way',
        description: 'Use a loading item at the end while the next event is awaited.',
        waiting: "Waiting for the study contact's decision",
      },
      alternate: {
        title: 'Alternate',
        description: "Use the alternate layout for milestones spread over months, such as a study's life.",
        ethics: 'Ethics approval',
        opened: 'Recruitment opens',
        firstPatient: 'First patient enrolled',
        half: '25 patients enrolled',
        closes: 'Recruitment closes',
      },
    },
    toast: {
      intro: 'Toasts confirm an action or report an event for a few seconds, without interrupting the work.',
      message: {
        title: 'Message',
        description: 'Use a message for the short result of what the person just did.',
        success: 'Success',
        successText: 'Study CARDIO-HF 2 saved',
        info: 'Information',
        infoText: 'Export started: the file arrives in a moment',
        warning: 'Warning',
        warningText: 'Consent form version 3 expires in 14 days',
        error: 'Error',
        errorText: 'The server cannot be reached. Check your connection.',
      },
      task: {
        title: 'Message that follows a task',
        description: 'Use a loading message that turns into the result when the task ends.',
        button: 'Export the references',
        running: 'Exporting the references…',
        done: 'Export ready: 46 references',
      },
      notification: {
        title: 'Notification',
        description: 'Use a notification for an event with more to say, or one that calls for an action.',
        button: 'Show a notification',
        heading: 'New reference for {{study}}',
        text: '{{name}} referred a patient. Please review it within two working days.',
        open: 'Open the reference',
        opened: 'The reference would open here',
        sticky: 'Show a notification that stays',
        stickyHeading: 'Maintenance tonight',
        stickyText: 'The back office will be unavailable from 10 pm to 11 pm.',
      },
    },
    tooltip: {
      intro: 'Tooltips name an icon or add a short hint when the pointer or the keyboard focus rests on an element.',
      icons: {
        title: 'Icon buttons',
        description: 'Use a tooltip on every button that shows only an icon; its accessible name says the same.',
        edit: 'Edit the study',
        copy: 'Copy the patient ID',
        history: 'Show the history',
        delete: 'Delete the study',
      },
      placement: {
        title: 'Placement',
        description: 'Place the tooltip where it hides nothing important: above by default, beside near a screen edge.',
        top: 'Above',
        bottom: 'Below',
        left: 'Left',
        right: 'Right',
        topTip: 'This tooltip opens above',
        bottomTip: 'This tooltip opens below',
        leftTip: 'This tooltip opens on the left',
        rightTip: 'This tooltip opens on the right',
      },
      help: {
        title: 'Help beside a field',
        description: 'Use a help button for a rule people rarely need, such as why the patient ID is masked.',
        button: 'Why is the patient ID masked?',
        tip: 'Only its last four characters show here. The full ID shows on the reference itself, and each reading is logged.',
        maskedId: '••••••7421',
        hint: 'Read only',
      },
    },
  },
};

const fr: typeof en = {
  showcaseComponents: {
    common: {
      close: 'Fermer',
      studyCode: 'CARDIO-HF 2',
      studyTitle: 'Insuffisance cardiaque chez les adultes de 65 ans et plus',
      reference: 'Référence REF-0042',
    },
    people: {
      marie: 'Marie Tremblay',
      jean: 'Jean-Philippe Gagnon',
      amina: 'Amina Diallo',
      li: 'Li Wei',
      sofia: 'Sofia Rossi',
      omar: 'Omar Haddad',
    },
    accordion: {
      intro:
        'Les accordéons replient un long contenu en sections titrées\u00a0: l’écran montre l’essentiel d’abord et les détails à la demande.',
      multiple: {
        title: 'Plusieurs sections ouvertes',
        description:
          'À utiliser quand on peut avoir besoin de plusieurs sections à la fois, comme les critères d’une étude.',
        inclusion: 'Critères d’inclusion',
        inclusionText:
          'Adultes de 65 ans ou plus, hospitalisés pour insuffisance cardiaque au cours des 12 derniers mois, avec une fraction d’éjection ventriculaire gauche inférieure à 40 %.',
        exclusion: 'Critères d’exclusion',
        exclusionText: 'Dialyse, greffe cardiaque ou espérance de vie inférieure à un an.',
        contactsText: 'Marie Tremblay, infirmière de recherche, répond aux référents en semaine de 8 h à 16 h.',
      },
      single: {
        title: 'Mode accordéon',
        description:
          'À utiliser pour des questions-réponses\u00a0: ouvrir une section ferme les autres et la page reste courte.',
        referQuestion: 'Comment adresser un patient à une étude\u00a0?',
        referAnswer:
          'Ouvrez Références, choisissez Créer une référence, puis l’étude, et saisissez l’ID patient. Le contact de l’étude la voit aussitôt.',
        patientIdQuestion: 'Qui peut voir l’ID patient\u00a0?',
        patientIdAnswer: 'Seul le personnel de l’équipe d’étude, et chaque lecture est consignée au journal d’accès.',
        acceptedQuestion: 'Que se passe-t-il une fois la référence acceptée\u00a0?',
        acceptedAnswer: 'Le contact de l’étude fixe la visite de sélection et le patient rejoint l’étude.',
      },
      ghost: {
        title: 'Sans bordure, flèche à la fin',
        description:
          'À utiliser dans une carte ou un panneau latéral, où des bordures encadreraient le contenu deux fois.',
        summaryText:
          'Étude randomisée d’un programme de suivi à domicile après une hospitalisation pour insuffisance cardiaque.',
        datesText: 'Recrutement du 1er mars au 30 novembre 2025.',
        documents: 'Documents',
        documentsText:
          'Protocole version 5, formulaire de consentement version 3, approbation éthique du 20 janvier 2025.',
      },
    },
    alert: {
      intro:
        'Les alertes signalent un état de l’étude ou du travail qui mérite l’attention, de la simple information à l’erreur.',
      warning: {
        title: 'Avertissement',
        description: 'À utiliser pour ce qui demande une action bientôt, sans rien bloquer encore.',
        message: 'La version 3 du formulaire de consentement expire dans 14 jours',
        detail: 'Téléversez d’ici là la version 4, approuvée par le comité d’éthique, pour continuer à recruter.',
      },
      success: {
        title: 'Succès',
        description: 'À utiliser pour confirmer qu’une modification est enregistrée, là où la personne regarde.',
        save: 'Enregistrer l’étude',
        message: 'Étude CARDIO-HF 2 enregistrée',
      },
      error: {
        title: 'Erreur avec nouvel essai',
        description:
          'À utiliser quand un chargement a échoué et qu’un nouvel essai peut réussir\u00a0: l’action est dans l’alerte.',
        message: 'Les références n’ont pas pu être chargées',
        detail: 'Le serveur n’a pas répondu à temps.',
        loaded: 'Références chargées\u00a0: 12 en attente, 30 acceptées.',
        again: 'Afficher de nouveau l’erreur',
      },
      info: {
        title: 'Information à fermer',
        description: 'À utiliser pour une nouveauté que l’on peut écarter une fois lue.',
        message: 'Nouveau\u00a0: les références se filtrent par étude',
        detail: 'Ouvrez Références et choisissez une étude au-dessus de la liste.',
        reopen: 'Afficher de nouveau l’information',
      },
    },
    avatar: {
      intro:
        'Les avatars représentent les personnes, membres du personnel et contacts d’étude, là où leur nom complet prendrait trop de place.',
      sizes: {
        title: 'Tailles',
        description:
          'Petit dans les listes et les tableaux, moyen dans la barre du haut, grand sur la page de la personne.',
        small: 'Petit',
        medium: 'Moyen',
        large: 'Grand',
        custom: '64 px',
      },
      initials: {
        title: 'Initiales',
        description:
          'À utiliser quand une personne n’a pas de photo\u00a0: les couleurs aident à distinguer les personnes.',
      },
      group: {
        title: 'Groupe',
        description:
          'À utiliser pour une équipe d’étude\u00a0: les premiers membres s’affichent, les autres derrière un compteur.',
        team: 'L’équipe de l’étude CARDIO-HF 2',
      },
    },
    badge: {
      intro:
        'Les badges posent un nombre ou un statut sur un élément\u00a0: on voit ce qui attend sans avoir à l’ouvrir.',
      count: {
        title: 'Nombre',
        description:
          'À utiliser pour le travail en attente, comme les demandes d’accès qu’un administrateur doit approuver.',
        requests_one: 'Demandes d’accès\u00a0: {{count}} en attente',
        requests_other: 'Demandes d’accès\u00a0: {{count}} en attente',
        review: 'Références à examiner',
        approve: 'Approuver une demande',
        reset: 'Recommencer',
      },
      dot: {
        title: 'Point',
        description: 'À utiliser quand quelque chose est nouveau mais que le nombre importe peu.',
        messages: 'Messages, nouveaux messages en attente',
      },
      status: {
        title: 'Statut',
        description: 'À utiliser, avec son mot, à côté d’un enregistrement, comme le statut d’une référence.',
      },
      ribbon: {
        title: 'Ruban',
        description: 'À utiliser pour marquer une carte, comme une étude qui recrute.',
        recruited: '34 patients recrutés sur 50',
      },
    },
    breadcrumb: {
      intro: 'Le fil d’Ariane montre où se situe un écran dans le logiciel et ramène aux écrans qui le précèdent.',
      home: 'Accueil',
      paths: {
        title: 'Les chemins du logiciel',
        description: 'À utiliser sur chaque écran situé sous une liste, comme l’écran de modification d’une étude.',
        studyLabel: 'Chemin vers la modification d’une étude',
        contactLabel: 'Chemin vers un nouveau contact d’étude',
      },
      icons: {
        title: 'Avec icônes',
        description: 'À utiliser quand le chemin part d’un lieu bien connu, comme l’accueil.',
        label: 'Chemin vers une référence',
      },
      menu: {
        title: 'Avec un menu',
        description: 'À utiliser pour passer à une section voisine sans remonter d’un niveau.',
        label: 'Chemin vers une nouvelle référence',
      },
    },
    button: {
      intro:
        'Les boutons lancent des actions. Un seul bouton principal par zone montre l’action essentielle\u00a0; les autres s’effacent.',
      types: {
        title: 'Types',
        description:
          'Principal pour l’action essentielle, par défaut pour les autres, pointillé pour ajouter un élément, texte et lien pour les actions légères.',
        export: 'Exporter',
        addCriterion: 'Ajouter un critère',
        protocol: 'Ouvrir le protocole',
      },
      sizes: {
        title: 'Tailles',
        description:
          'Petit dans les lignes de tableau, moyen partout ailleurs, grand quand un écran n’a qu’une seule action.',
        small: 'Petit',
        medium: 'Moyen',
        large: 'Grand',
      },
      icons: {
        title: 'Avec icônes',
        description:
          'Une icône rend une action plus facile à repérer\u00a0; un bouton qui n’affiche qu’une icône a quand même besoin d’un nom.',
        search: 'Rechercher',
        download: 'Télécharger la liste',
        next: 'Suivant',
        edit: 'Modifier l’étude',
        delete: 'Supprimer l’étude',
      },
      states: {
        title: 'Danger, désactivé et chargement',
        description:
          'Danger pour les actions qui suppriment ou révoquent, désactivé tant que l’action est impossible, chargement pendant qu’elle s’exécute.',
        delete: 'Supprimer la référence',
        revoke: 'Révoquer l’accès',
        approve: 'Approuver',
        saved: 'Enregistré',
      },
    },
    countdown: {
      intro: 'Les comptes à rebours montrent le temps restant avant une échéance, mis à jour chaque seconde.',
      enrolment: {
        title: 'Période d’inscription',
        description:
          'À utiliser pour une échéance à plusieurs jours, comme la fin de la période d’inscription d’une étude.',
        label: 'Les inscriptions à CARDIO-HF 2 ferment dans',
        format: 'D [jours] HH [h] mm [min] ss [s]',
      },
      idle: {
        title: 'Déconnexion pour inactivité',
        description:
          'À utiliser avec une échéance courte, quand la personne doit agir avant la fin, par exemple pour rester connectée.',
        start: 'Simuler l’inactivité',
        label: 'Déconnexion dans',
        signedOut: 'Temps écoulé\u00a0: le logiciel fermerait maintenant votre session.',
        restart: 'Recommencer',
      },
      countup: {
        title: 'Temps écoulé',
        description:
          'À utiliser, en comptant vers le haut, pour mesurer une attente qui compte, comme une référence restée sans réponse.',
        label: 'La référence REF-0042 attend depuis',
        format: 'D [j] HH [h] mm [min] ss [s]',
      },
    },
    drawer: {
      intro:
        'Les tiroirs glissent un panneau sur le côté de l’écran pour afficher ou modifier un enregistrement sans quitter la liste.',
      placement: {
        title: 'Position',
        description:
          'À droite pour les détails d’un enregistrement, à gauche pour la navigation, en haut ou en bas pour une tâche courte.',
        side: 'Côté du tiroir',
        right: 'Droite',
        left: 'Gauche',
        top: 'Haut',
        bottom: 'Bas',
        open: 'Ouvrir le contact d’étude',
        roleLabel: 'Rôle',
        role: 'Infirmière de recherche',
        email: 'marie.tremblay@trialdesk.test',
        phone: '514 555-0142',
      },
      size: {
        title: 'Taille',
        description:
          'La taille par défaut pour quelques champs, la grande taille pour un formulaire entier ou un long historique.',
        openDefault: 'Ouvrir à la taille par défaut',
        openLarge: 'Ouvrir en grand',
        note: 'Le patient répond aux critères d’inclusion\u00a0; la visite de sélection pourra être fixée une fois la référence acceptée.',
        accept: 'Accepter la référence',
        accepted: 'Référence REF-0042 acceptée',
      },
    },
    dropdown: {
      intro: 'Les menus déroulants gardent les actions secondaires à l’écart jusqu’à ce qu’on les demande.',
      chosen: 'Choix\u00a0: {{action}}',
      actions: {
        title: 'Menu d’actions',
        description:
          'À utiliser quand un enregistrement a plusieurs actions d’égale importance qui encombreraient l’écran en boutons.',
        edit: 'Modifier',
        duplicate: 'Dupliquer',
        export: 'Exporter en CSV',
      },
      split: {
        title: 'Bouton divisé',
        description:
          'À utiliser quand une action est le choix habituel et que quelques autres restent à portée de main.',
        accept: 'Accepter la référence',
        more: 'Autres décisions',
        reject: 'Refuser',
        duplicate: 'Marquer comme doublon',
      },
      rows: {
        title: 'Menu de ligne',
        description:
          'À utiliser dans les lignes d’une liste, où chaque ligne a besoin de son petit menu «\u00a0plus\u00a0».',
        email: 'Envoyer un courriel',
        more: 'Plus d’actions pour {{name}}',
      },
    },
    loading: {
      intro:
        'Les indicateurs de chargement disent que l’écran travaille, et gardent la mise en page stable pendant l’arrivée des données.',
      spin: {
        title: 'Indicateur rotatif',
        description: 'À utiliser sur une zone en cours d’actualisation\u00a0; sa description dit ce qui se charge.',
        toggle: 'Chargement',
        loading: 'Chargement des références…',
        content: '12 références en attente, 30 acceptées, 4 refusées.',
      },
      skeleton: {
        title: 'Squelette',
        description: 'À utiliser à la première ouverture d’un écran, dans la forme du contenu à venir.',
        toggle: 'Contenu chargé',
        contact: 'Contact de l’étude\u00a0: {{name}}',
      },
      button: {
        title: 'Bouton en chargement',
        description: 'À utiliser sur le bouton qui a lancé l’action, pour qu’on ne l’actionne pas deux fois.',
        refresh: 'Actualiser la liste',
        refreshed: 'Liste actualisée',
      },
    },
    menu: {
      intro: 'Les menus listent les lieux et les sections du logiciel, et montrent celui qui est ouvert.',
      horizontal: {
        title: 'Horizontal',
        description: 'À utiliser en haut d’un enregistrement qui a quelques sections, comme une étude.',
        label: 'Sections de l’étude',
        overview: 'Aperçu',
        documents: 'Documents',
        protocol: 'Protocole',
        consent: 'Formulaires de consentement',
        ethics: 'Approbations éthiques',
      },
      inline: {
        title: 'Intégré',
        description:
          'À utiliser pour la navigation principale dans une barre latérale\u00a0; il se replie sur ses icônes pour laisser de la place.',
        label: 'Exemple de navigation du logiciel',
        administration: 'Administration',
        collapse: 'Replier le menu',
        expand: 'Déplier le menu',
      },
    },
    modal: {
      intro:
        'Les fenêtres modales demandent une décision ou quelques détails par-dessus l’écran, qui attend la réponse.',
      confirm: {
        title: 'Confirmation',
        description: 'À utiliser avant une action irréversible, comme la suppression d’une référence.',
        button: 'Supprimer la référence REF-0042',
        question: 'Supprimer la référence REF-0042\u00a0?',
        content: 'La référence et son historique seront supprimés. Cette action est irréversible.',
        deleted: 'Référence REF-0042 supprimée (exemple\u00a0: rien n’a été supprimé)',
      },
      info: {
        title: 'Information',
        description: 'À utiliser pour un message à lire avant de continuer.',
        button: 'Afficher l’avis sur le formulaire de consentement',
        heading: 'La version 4 du formulaire de consentement est en vigueur',
        content:
          'Dès aujourd’hui, chaque nouveau patient signe la version 4. Les patients déjà inscrits gardent la version 3.',
        ok: 'J’ai compris',
      },
      custom: {
        title: 'Fenêtre sur mesure',
        description: 'À utiliser pour une tâche courte avec ses propres champs et boutons, comme une invitation.',
        button: 'Inviter un contact d’étude',
        help: 'La personne reçoit un lien pour créer son compte.',
        send: 'Envoyer l’invitation',
        sent: 'Invitation envoyée à {{email}} (exemple\u00a0: aucun courriel n’est parti)',
      },
    },
    pagination: {
      intro: 'La pagination découpe une longue liste en pages, pour que chacune se charge vite.',
      simple: {
        title: 'Simple',
        description: 'À utiliser là où la place manque, comme un panneau latéral ou un écran étroit.',
      },
      full: {
        title: 'Complète',
        description:
          'À utiliser sous les listes\u00a0: le total, les tailles de page offertes par le logiciel et l’accès direct à une page.',
      },
      small: {
        title: 'Petite',
        description: 'À utiliser dans les endroits denses, comme une liste dans une carte.',
        list: 'Historique de CARDIO-HF 2\u00a0: 36 modifications',
      },
    },
    progress: {
      intro:
        'Les barres de progression montrent où en est une tâche ou un objectif. Recrutez des patients pour les voir avancer.',
      recruitment: 'Recrutement de {{study}}',
      count: '{{done}} / {{total}}',
      recruited: '{{done}} patients recrutés sur {{total}}',
      recruit: 'Recruter un patient',
      reset: 'Recommencer',
      line: {
        title: 'Ligne',
        description:
          'À utiliser dans les listes et les cartes, comme le recrutement de chaque étude ou une tâche en cours.',
        consent: 'Formulaires de consentement signés',
        export: 'Exportation des références (échec)',
      },
      circle: {
        title: 'Cercle',
        description: 'À utiliser pour un chiffre qui résume un écran, comme une tuile de tableau de bord.',
        recruitment: 'Recrutement',
        visits: 'Visites de sélection faites',
      },
      steps: {
        title: 'Segments',
        description: 'À utiliser quand l’objectif se divise en parts égales, ici cinq patients chacune.',
      },
    },
    step: {
      intro: 'Les étapes montrent où en est un enregistrement dans un processus à plusieurs stades.',
      workflow: {
        title: 'Le parcours d’une référence',
        description: 'À utiliser pour un processus suivi dans l’ordre\u00a0; les boutons font avancer la référence.',
        created: 'Créée',
        createdText: 'Le référent saisit le patient',
        pendingText: 'Le contact de l’étude vérifie les critères',
        screening: 'Visite de sélection',
        screeningText: 'Le patient rencontre l’équipe d’étude',
        acceptedText: 'Le patient rejoint l’étude',
        previous: 'Étape précédente',
        next: 'Étape suivante',
        position: 'Étape {{step}} sur {{total}}\u00a0: {{title}}',
      },
      error: {
        title: 'Statut d’erreur',
        description: 'À utiliser pour montrer où un processus s’est arrêté, comme une référence refusée.',
        reason: 'Critère d’exclusion\u00a0: dialyse',
      },
      vertical: {
        title: 'Vertical et petit',
        description: 'À utiliser dans un panneau latéral ou une colonne étroite.',
        protocol: 'Protocole rédigé',
        protocolText: 'Version 5, signée par le chercheur principal',
        ethics: 'Approbation éthique',
        ethicsText: 'Accordée le 20 janvier 2025',
        site: 'Site ouvert',
        siteText: 'Personnel formé, contacts d’étude nommés',
        firstPatient: 'Premier patient',
        firstPatientText: 'Attendu en mars',
      },
    },
    tab: {
      intro: 'Les onglets partagent l’écran d’un enregistrement en sections entre lesquelles on passe sans le quitter.',
      line: {
        title: 'Ligne',
        description: 'À utiliser pour les sections d’un enregistrement, comme une étude.',
        overview: 'Aperçu',
        overviewText:
          'CARDIO-HF 2 compare un programme de suivi à domicile aux soins habituels après une hospitalisation pour insuffisance cardiaque.',
        criteria: 'Critères',
        criteriaText: 'Adultes de 65 ans ou plus, fraction d’éjection inférieure à 40 %, sans dialyse.',
        referencesText: '46 références\u00a0: 12 en attente, 30 acceptées, 4 refusées.',
        historyText: 'Dernière modification par Marie Tremblay\u00a0: date de fin reportée au 30 novembre 2025.',
      },
      card: {
        title: 'Carte',
        description:
          'À utiliser quand chaque onglet contient un panneau entier, comme les réglages d’une équipe d’étude.',
        members: 'Membres',
        membersText: 'Six membres\u00a0: deux contacts d’étude, trois référents et un administrateur.',
        notifications: 'Notifications',
        notificationsText: 'Les contacts d’étude reçoivent un courriel à chaque nouvelle référence.',
        documents: 'Documents',
        documentsText: 'Protocoles, formulaires de consentement et approbations éthiques des études de l’équipe.',
      },
      icons: {
        title: 'Avec icônes',
        description: 'Les icônes rendent les sections fréquentes plus faciles à repérer, toujours à côté de leur mot.',
        studiesText: 'Huit études, dont cinq en recrutement.',
        referencesText: 'Douze références attendent une décision.',
        contactsText: 'Quatorze contacts d’étude pour les huit études.',
      },
    },
    timeline: {
      intro: 'Les chronologies listent les événements d’un enregistrement dans l’ordre, avec leur date.',
      path: {
        title: 'Le parcours d’une référence',
        description:
          'À utiliser pour l’historique d’un enregistrement, comme une référence de sa création à son acceptation.',
        created: 'Créée',
        createdText: 'Patient adressé par {{name}}',
        pendingText: 'Critères vérifiés par {{name}}',
        screening: 'Visite de sélection',
        screeningText: 'Le patient a rencontré l’équipe d’étude',
        acceptedText: 'Le patient rejoint {{study}}',
      },
      ongoing: {
        title: 'En cours',
        description: 'À utiliser avec un élément en chargement à la fin, en attendant le prochain événement.',
        waiting: 'En attente de la décision du contact de l’étude',
      },
      alternate: {
        title: 'Alternée',
        description: 'À utiliser pour des jalons étalés sur des mois, comme la vie d’une étude.',
        ethics: 'Approbation éthique',
        opened: 'Ouverture du recrutement',
        firstPatient: 'Premier patient inscrit',
        half: '25 patients inscrits',
        closes: 'Fin du recrutement',
      },
    },
    toast: {
      intro:
        'Les notifications éphémères confirment une action ou signalent un événement pendant quelques secondes, sans interrompre le travail.',
      message: {
        title: 'Message',
        description: 'À utiliser pour le bref résultat de ce que la personne vient de faire.',
        success: 'Succès',
        successText: 'Étude CARDIO-HF 2 enregistrée',
        info: 'Information',
        infoText: 'Exportation lancée\u00a0: le fichier arrive dans un instant',
        warning: 'Avertissement',
        warningText: 'La version 3 du formulaire de consentement expire dans 14 jours',
        error: 'Erreur',
        errorText: 'Le serveur est injoignable. Vérifiez votre connexion.',
      },
      task: {
        title: 'Message qui suit une tâche',
        description:
          'À utiliser pendant une tâche\u00a0: le message de chargement devient le résultat quand elle se termine.',
        button: 'Exporter les références',
        running: 'Exportation des références…',
        done: 'Exportation prête\u00a0: 46 références',
      },
      notification: {
        title: 'Notification',
        description: 'À utiliser pour un événement qui demande plus d’explications ou appelle une action.',
        button: 'Afficher une notification',
        heading: 'Nouvelle référence pour {{study}}',
        text: '{{name}} a adressé un patient. Veuillez l’examiner d’ici deux jours ouvrables.',
        open: 'Ouvrir la référence',
        opened: 'La référence s’ouvrirait ici',
        sticky: 'Afficher une notification qui reste',
        stickyHeading: 'Maintenance ce soir',
        stickyText: 'Le logiciel sera indisponible de 22 h à 23 h.',
      },
    },
    tooltip: {
      intro:
        'Les info-bulles nomment une icône ou ajoutent une courte aide quand le pointeur ou le focus du clavier s’arrête sur un élément.',
      icons: {
        title: 'Boutons à icône',
        description:
          'À utiliser sur chaque bouton qui n’affiche qu’une icône\u00a0; son nom accessible dit la même chose.',
        edit: 'Modifier l’étude',
        copy: 'Copier l’ID patient',
        history: 'Afficher l’historique',
        delete: 'Supprimer l’étude',
      },
      placement: {
        title: 'Position',
        description:
          'Placez l’info-bulle là où elle ne cache rien d’important\u00a0: au-dessus par défaut, sur le côté près d’un bord de l’écran.',
        top: 'Au-dessus',
        bottom: 'En dessous',
        left: 'À gauche',
        right: 'À droite',
        topTip: 'Cette info-bulle s’ouvre au-dessus',
        bottomTip: 'Cette info-bulle s’ouvre en dessous',
        leftTip: 'Cette info-bulle s’ouvre à gauche',
        rightTip: 'Cette info-bulle s’ouvre à droite',
      },
      help: {
        title: 'Aide à côté d’un champ',
        description:
          'À utiliser pour une règle dont on a rarement besoin, comme la raison du masquage de l’ID patient.',
        button: 'Pourquoi l’ID patient est-il masqué\u00a0?',
        tip: 'Seuls ses quatre derniers caractères s’affichent ici. L’ID complet figure sur la référence elle-même, et chaque lecture est consignée.',
        maskedId: '••••••7421',
        hint: 'Lecture seule',
      },
    },
  },
};

/** The UI components pages' words by language. */
export default { en, fr };
