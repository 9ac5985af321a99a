// The data deletion page's words in English and French, added with the page (a public page few open: the login
// route does not carry them).

const en = {
  dataDeletion: {
    title: 'Request the deletion of your personal information',
    intro:
      "Under Québec's Act respecting the protection of personal information in the private sector (as amended by Law 25), you may ask {{organisation}} to delete personal information about you that it holds in TrialDesk.",
    whoTitle: 'Who can ask',
    who: 'The person the information is about, or a person authorised to act for them (legal representative, tutor, mandatary or, after death, an heir or successor as the Act allows).',
    whatTitle: 'How to ask',
    what: 'Send an email to our person in charge of the protection of personal information at {{email}}. Include your full name, the email address you use with TrialDesk (if any), the information or records concerned and, when you act for someone else, proof of your authority.',
    verifyTitle: 'Identity verification',
    verify:
      'Before acting on a request we verify the identity of the person making it. We may ask for additional information for that purpose only, and we do not keep it longer than needed.',
    delayTitle: 'When we answer',
    delay:
      'We answer in writing within 30 days of receiving your request. If we refuse all or part of it, we give the reasons and the provision of the Act we rely on.',
    keptTitle: 'What we may keep',
    kept: 'Some information must be kept to meet legal obligations, for example the audit trail of changes to study records and records that research regulations require us to retain. Such information is kept only for the required period, then destroyed or anonymised.',
    complaintTitle: 'If you disagree',
    complaint:
      "You may ask the Commission d'accès à l'information du Québec to review our decision, or our failure to answer, within 30 days.",
    caiLink: "Commission d'accès à l'information",
  },
};

const fr: typeof en = {
  dataDeletion: {
    title: 'Demander la suppression de vos renseignements personnels',
    intro:
      'En vertu de la Loi sur la protection des renseignements personnels dans le secteur privé du Québec (telle que modifiée par la Loi 25), vous pouvez demander à l’organisation {{organisation}} de supprimer les renseignements personnels qui vous concernent et qu’elle détient dans TrialDesk.',
    whoTitle: 'Qui peut faire la demande',
    who: 'La personne concernée par les renseignements, ou une personne autorisée à agir pour elle (représentant légal, tuteur, mandataire ou, après le décès, un héritier ou successible dans les cas prévus par la Loi).',
    whatTitle: 'Comment faire la demande',
    what: 'Écrivez à la personne responsable de la protection des renseignements personnels à {{email}}. Indiquez votre nom complet, l’adresse courriel que vous utilisez avec TrialDesk (le cas échéant), les renseignements ou dossiers visés et, si vous agissez pour autrui, la preuve de votre autorisation.',
    verifyTitle: 'Vérification de l’identité',
    verify:
      'Avant de donner suite à une demande, nous vérifions l’identité de la personne qui la fait. Nous pouvons demander des renseignements supplémentaires à cette seule fin et ne les conservons pas plus longtemps que nécessaire.',
    delayTitle: 'Délai de réponse',
    delay:
      'Nous répondons par écrit dans les 30 jours suivant la réception de votre demande. En cas de refus total ou partiel, nous indiquons les motifs et la disposition de la Loi sur laquelle le refus s’appuie.',
    keptTitle: 'Ce que nous pouvons conserver',
    kept: 'Certains renseignements doivent être conservés pour respecter des obligations légales, par exemple la piste d’audit des modifications des dossiers d’étude et les documents que la réglementation de la recherche nous oblige à garder. Ils ne sont conservés que pendant la durée requise, puis détruits ou anonymisés.',
    complaintTitle: 'En cas de désaccord',
    complaint:
      'Vous pouvez demander à la Commission d’accès à l’information du Québec de réviser notre décision, ou notre absence de réponse, dans les 30 jours.',
    caiLink: 'Commission d’accès à l’information',
  },
};

export default { en, fr };
